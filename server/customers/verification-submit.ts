import "server-only";
import { randomUUID } from "node:crypto";
import { fail } from "@/lib/contracts/fail";
import { postCardVerification, type SubmitResult } from "@/lib/contracts/customers";
import { databaseNow } from "@/server/db/clock";
import type { Db } from "@/server/db/types";
import { isAppError } from "@/lib/errors";
import type { StaffMember } from "@/server/auth/staff-repo";
import { writeAuditQuietly } from "@/server/audit/writer";
import { upstream } from "@/server/upstream/client";
import { claimMs } from "./verification-check";
import {
  claimSubmit,
  dropClaim,
  markVerifiedAtIssuance,
  readState,
  saveStatus,
  toView,
  type VerificationState,
} from "./verification-store";
import { auditTarget } from "@/server/audit/target";

/** 409 codes that tell us the state the upstream holds. */
const STATE_OF_409: Record<string, "REJECTED" | "RECONCILIATION_REQUIRED"> = {
  VERIFICATION_REJECTED: "REJECTED",
  RECONCILIATION_REQUIRED: "RECONCILIATION_REQUIRED",
};

/** How often a waiting submit re-reads the row while another request's upstream call is in flight. */
const WAIT_POLL_MS = 100;

/**
 * Starts a submit's claim id. The claim columns are shared with the check, and a request waiting
 * on a colleague's submit answers from what that submit stored, whereas after a check it may
 * still have to submit: the id tells the two apart.
 */
const SUBMIT_CLAIM_PREFIX = "submit:";

const inProgress = () =>
  fail(
    postCardVerification,
    "conflict",
    "A verification request for this customer is still in progress (perhaps a colleague's). Wait a moment, then look at the status before submitting again.",
  );

type Audit = (outcome: "success" | "failure", detail: Record<string, unknown>) => Promise<void>;

/**
 * `POST /customers/{id}/card-verification`, no body. A pending verification is never submitted
 * again (the stored state answers instead), so no edit or click can force a new attempt. Only the
 * request holding the customer's claim calls the upstream, with no transaction open; concurrent
 * submits, from any member on any instance, re-read the row until its answer is stored and reply
 * from it, bounded by the claim's life.
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
  const audit: Audit = (outcome, detail) =>
    writeAuditQuietly({
      db,
      actor: staff,
      action: "verification.submit",
      target: auditTarget.customer(customerId),
      outcome,
      requestId,
      detail,
    });

  const claimId = `${SUBMIT_CLAIM_PREFIX}${randomUUID()}`;
  const deadline = Date.now() + claimMs();
  // The row as first seen under a colleague's submit claim: anything stored after it is that submit's answer.
  let waitedOn: VerificationState | null = null;
  for (;;) {
    const row = await readState({ db, customerId });
    if (row?.status === "PENDING") return { outcome: "already_pending", view: toView(customerId, row) };
    if (row?.claimLive) {
      // Only read while another request's claim is live: no write per poll.
      if (row.checkClaimId?.startsWith(SUBMIT_CLAIM_PREFIX) && row.checkClaimId !== waitedOn?.checkClaimId) waitedOn = row;
    } else {
      // The colleague's submit answered: sending again would only repeat it. One that stored
      // nothing (it failed before learning anything) leaves this request free to try its own.
      if (waitedOn && row && row.updatedAt.getTime() !== waitedOn.updatedAt.getTime())
        return { outcome: "status", view: toView(customerId, row) };
      if (await claimSubmit({ db, customerId, claimId, claimMs: claimMs() })) return submitNow(db, customerId, claimId, audit);
    }
    if (Date.now() >= deadline) throw inProgress();
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

/** The claimed submit: the upstream POST with no transaction open, then one short save that gives the claim back. */
async function submitNow(db: Db, customerId: string, claimId: string, audit: Audit): Promise<SubmitResult> {
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
      claimId,
    });
    const outcome = result.status === 202 ? "pending" : result.data.status === "APPROVED" ? "approval_reused" : "status";
    await audit("success", { http_status: result.status, status: result.data.status, outcome });
    return { outcome, view: toView(customerId, await readState({ db, customerId })) };
  } catch (error) {
    if (isAppError(error)) {
      if (error.status === 422 && error.field === "nationality") await markVerifiedAtIssuance({ db, customerId });
      const learned = error.status === 409 ? STATE_OF_409[error.upstreamCode ?? ""] : undefined;
      if (learned)
        await saveStatus({ db, customerId, update: { status: learned, canCreateCard: false, source: "submit" }, asOf: sentAt, claimId });
      await audit("failure", {
        http_status: error.status,
        code: error.code,
        upstream_code: error.upstreamCode ?? null,
        field: error.field ?? null,
      });
    }
    throw error;
  } finally {
    // Whatever happened the claim is given back (a save above already did, with its status); left
    // to expire, it would hold every other submit and check of this customer for the claim's life.
    await dropClaim({ db, customerId, claimId });
  }
}
