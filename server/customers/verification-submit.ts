import "server-only";
import { isAppError } from "@/lib/errors";
import type { SubmitResult } from "@/lib/contracts/customers";
import type { StaffMember } from "@/server/auth/staff-repo";
import { writeAuditQuietly } from "@/server/audit/writer";
import { db } from "@/server/db/client";
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
export async function submitVerification(customerId: string, staff: StaffMember, requestId: string): Promise<SubmitResult> {
  const database = await db();
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    writeAuditQuietly({
      actor: staff,
      action: "verification.submit",
      target: auditTarget.customer(customerId),
      outcome,
      requestId,
      detail,
    });

  const stored = await readState(database, customerId);
  if (stored?.status === "PENDING") return { outcome: "already_pending", view: toView(customerId, stored) };

  // What the answer tells us was true when the request was sent; a decision after that is newer.
  const sentAt = new Date();
  try {
    const result = await upstream().submitCardVerification(customerId);
    await saveStatus(
      database,
      customerId,
      { status: result.data.status, canCreateCard: result.data.can_create_card, source: "submit" },
      { asOf: sentAt },
    );
    const outcome = result.status === 202 ? "pending" : result.data.status === "APPROVED" ? "approval_reused" : "status";
    await audit("success", { http_status: result.status, status: result.data.status, outcome });
    return { outcome, view: toView(customerId, await readState(database, customerId)) };
  } catch (error) {
    if (isAppError(error)) {
      if (error.status === 422 && error.field === "nationality") await markVerifiedAtIssuance(database, customerId);
      const learned = error.status === 409 ? STATE_OF_409[error.upstreamCode ?? ""] : undefined;
      if (learned) await saveStatus(database, customerId, { status: learned, canCreateCard: false, source: "submit" }, { asOf: sentAt });
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
