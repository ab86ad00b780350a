import "server-only";
import { databaseNow } from "@/server/db/clock";
import type { Db } from "@/server/db/types";
import { isAppError } from "@/lib/errors";
import type { SubmitResult } from "@/lib/contracts/customers";
import type { StaffMember } from "@/server/auth/staff-repo";
import { writeAuditQuietly } from "@/server/audit/writer";
import { upstream } from "@/server/upstream/client";
import { markVerifiedAtIssuance, readState, saveStatus, toView } from "./verification-store";
import { auditTarget } from "@/server/audit/target";

/** 409 codes that tell us the state the upstream holds. */
const STATE_OF_409: Record<string, "REJECTED" | "RECONCILIATION_REQUIRED"> = {
  VERIFICATION_REJECTED: "REJECTED",
  RECONCILIATION_REQUIRED: "RECONCILIATION_REQUIRED",
};

/**
 * `POST /customers/{id}/card-verification`, no body. A pending verification is never submitted
 * again (the stored state answers instead), so no edit or click can force a new attempt.
 */
export async function submitVerification({
  db,
  actor: staff,
  input: { id: customerId },
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string };
  requestId: string;
}): Promise<SubmitResult> {
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    writeAuditQuietly({
      db,
      actor: staff,
      action: "verification.submit",
      target: auditTarget.customer(customerId),
      outcome,
      requestId,
      detail,
    });

  const stored = await readState({ db, customerId });
  if (stored?.status === "PENDING") return { outcome: "already_pending", view: toView(customerId, stored) };

  // What the answer tells us was true when the request was sent; a decision after that is newer.
  // On the database's clock, which every instance shares (a short read of its own, nothing held
  // across the call): this instance's clock may be minutes away from the one that receives the decision.
  const sentAt = await databaseNow(db);
  try {
    const result = await upstream().submitCardVerification(customerId);
    await saveStatus({
      db,
      customerId,
      update: { status: result.data.status, canCreateCard: result.data.can_create_card, source: "submit" },
      asOf: sentAt,
    });
    const outcome = result.status === 202 ? "pending" : result.data.status === "APPROVED" ? "approval_reused" : "status";
    await audit("success", { http_status: result.status, status: result.data.status, outcome });
    return { outcome, view: toView(customerId, await readState({ db, customerId })) };
  } catch (error) {
    if (isAppError(error)) {
      if (error.status === 422 && error.field === "nationality") await markVerifiedAtIssuance({ db, customerId });
      const learned = error.status === 409 ? STATE_OF_409[error.upstreamCode ?? ""] : undefined;
      if (learned) await saveStatus({ db, customerId, update: { status: learned, canCreateCard: false, source: "submit" }, asOf: sentAt });
      await audit("failure", {
        http_status: error.status,
        code: error.code,
        upstream_code: error.upstreamCode ?? null,
        field: error.field ?? null,
      });
    }
    throw error;
  }
}
