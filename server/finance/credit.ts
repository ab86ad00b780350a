import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import type { CreditSimulationRequest } from "@/lib/schemas";
import { writeAuditQuietly } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import { Reply } from "@/server/http/reply";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import {
  businessIntent,
  claimKey,
  completeKey,
  fingerprintOf,
  outcomeUnknownAfter,
  releaseKey,
  unknownOutcome,
  type StoredOutcome,
} from "@/server/idempotency/records";
import { auditReplay } from "@/server/idempotency/replay-audit";
import { trackIntent } from "@/server/ops/in-flight";
import { refusedUnsent } from "@/server/upstream/circuit-breaker";
import { upstream } from "@/server/upstream/client";
import { auditTarget } from "@/server/audit/target";

// When the credit may or may not have been made, the reference stays spent either way.
const creditOutcomeUnknown = (status: number, why: string): StoredOutcome =>
  unknownOutcome(
    status,
    "credit_outcome_unknown",
    `${why} The account may have been credited: check its balance and transactions. This reference will not be sent again; use a fresh one only if no credit arrived.`,
  );

const duplicateReference = () =>
  new AppError({
    status: 409,
    code: "duplicate_reference",
    message: "This reference was already used for a different credit. Use a fresh reference.",
    field: "sender.reference",
  });

const creditInProgress = () =>
  new AppError({
    status: 409,
    code: "credit_in_progress",
    message: "A credit with this reference is still being processed. Wait a moment, then look at the account.",
  });

/**
 * `POST /checkouts/{accountNo}/credit`, once per sender reference: the reference is claimed in the
 * database before the upstream call and the answer stored with it, so a repeat (double click, retry,
 * a colleague, another instance) gets the first answer, audited as a replay, and never a second
 * credit: unlike an Idempotency-Key, a reference names the credit itself, not one member's intent.
 * Its contract is sandbox-only, so against production the wrapper refuses it before the body is
 * read. Audited either way.
 */
export async function simulateCredit(
  staff: StaffMember,
  accountNo: string,
  body: CreditSimulationRequest,
  requestId: string,
): Promise<Reply<unknown>> {
  const target = auditTarget.object("collection_account", accountNo);
  const reference = body.sender.reference;
  const detail = { amount: body.amount, senderReference: reference };
  const { timeoutMs } = env();
  const database = await db();
  const intent = businessIntent("credit.simulate", reference);
  const claim = await claimKey(database, {
    intent,
    // The parsed body: "1,000.50" and "1000.5" are one credit; trimmed text compares equal.
    fingerprint: fingerprintOf("credit.simulate", accountNo, JSON.stringify(body)),
    staffId: staff.id,
    requestId,
    leaseMs: timeoutMs * 2 + 5_000,
    ttlMs: null,
    waitMs: timeoutMs + 2_000,
    interrupted: creditOutcomeUnknown(502, "The first request with this reference was interrupted before the payments API answered."),
  });
  if (claim.kind === "replay") {
    const { outcome, original } = claim;
    const transactionId = outcome.status === 200 ? (outcome.body as { id?: unknown }).id : undefined;
    await auditReplay({
      db: database,
      actor: staff,
      action: "credit.simulate",
      target,
      requestId,
      original,
      outcome,
      detail: typeof transactionId === "string" ? { ...detail, transactionId } : detail,
    });
    return new Reply(outcome.status, outcome.body, { "Idempotent-Replayed": "true" });
  }
  if (claim.kind === "mismatch" || claim.kind === "in_progress") {
    const error = claim.kind === "mismatch" ? duplicateReference() : creditInProgress();
    await writeAuditQuietly({
      db: database,
      actor: staff,
      action: "credit.simulate",
      target,
      outcome: "failure",
      requestId,
      detail: { ...detail, code: error.code },
    });
    throw error;
  }

  // If the instance stops before the API answers, shutdown records the credit as unknown (it may have been made).
  const stoppedOutcome = creditOutcomeUnknown(502, "The back-office was stopping before the payments API answered.");
  const stopped = new Reply(stoppedOutcome.status, stoppedOutcome.body);
  const inFlight = trackIntent(async () => {
    await completeKey(database, intent, requestId, stoppedOutcome);
    await writeAuditQuietly({
      db: database,
      actor: staff,
      action: "credit.simulate",
      target,
      outcome: "failure",
      requestId,
      detail: { ...detail, code: "credit_outcome_unknown", reason: "shutdown" },
    });
  });
  try {
    let outcome: StoredOutcome;
    let code: string | null = null;
    try {
      const result = await upstream().simulateCredit(accountNo, body);
      if (!inFlight.answered()) return stopped;
      outcome = { status: 200, body: result };
    } catch (error) {
      if (!inFlight.answered()) return stopped;
      code = isAppError(error) ? error.code : "unexpected";
      if (refusedUnsent(error)) {
        // The breaker refused before anything was sent: no credit was made, so the reference stays free.
        await releaseKey(database, intent, requestId);
        await writeAuditQuietly({
          db: database,
          actor: staff,
          action: "credit.simulate",
          target,
          outcome: "failure",
          requestId,
          detail: { ...detail, code, sent: false },
        });
        throw error;
      }
      outcome =
        isAppError(error) && !outcomeUnknownAfter(error)
          ? { status: error.status, body: error.toEnvelope() }
          : creditOutcomeUnknown(isAppError(error) ? error.status : 502, "The payments API did not confirm the credit.");
    }
    await completeKey(database, intent, requestId, outcome);
    await writeAuditQuietly({
      db: database,
      actor: staff,
      action: "credit.simulate",
      target,
      outcome: code === null ? "success" : "failure",
      requestId,
      detail: code === null ? { ...detail, transactionId: (outcome.body as { id: string }).id } : { ...detail, code },
    });
    return new Reply(outcome.status, outcome.body);
  } finally {
    inFlight.done();
  }
}
