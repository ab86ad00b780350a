import "server-only";
import { fail } from "@/lib/contracts/fail";
import { postCredit } from "@/lib/contracts/finance";
import type { CreditSimulationRequest } from "@/lib/schemas";
import { auditTarget } from "@/server/audit/target";
import { writeAuditQuietly } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { runOnce, type UnknownReason, unknownWhy } from "@/server/idempotency/once";
import { businessIntent, fingerprintOf, unknownOutcome, type StoredOutcome } from "@/server/idempotency/records";
import type { Reply } from "@/server/reply";
import { upstream } from "@/server/upstream/client";

// When the credit may or may not have been made, the reference stays spent either way.
const creditOutcomeUnknown = (status: number, reason: UnknownReason): StoredOutcome =>
  unknownOutcome(
    status,
    "credit_outcome_unknown",
    `${unknownWhy(reason, { key: "reference", thing: "credit" })} The account may have been credited: check its balance and transactions. This reference will not be sent again; use a fresh one only if no credit arrived.`,
  );

const duplicateReference = () =>
  fail(postCredit, "duplicate_reference", "This reference was already used for a different credit. Use a fresh reference.", {
    field: "sender.reference",
  });

const creditInProgress = () =>
  fail(postCredit, "credit_in_progress", "A credit with this reference is still being processed. Wait a moment, then look at the account.");

type Input = {
  db: Db;
  actor: StaffMember;
  input: { accountNo: string; credit: CreditSimulationRequest };
  requestId: string;
};

/**
 * `POST /checkouts/{accountNo}/credit`, once per sender reference (server/idempotency/once.ts): the
 * reference is claimed in the database before the upstream call and the answer stored with it, so a
 * repeat (double click, retry, a colleague, another instance) gets the first answer, audited as a
 * replay, and never a second credit: unlike an Idempotency-Key, a reference names the credit itself,
 * not one member's intent. Its contract is sandbox-only, so against production the wrapper refuses
 * it before the body is read. Audited either way.
 */
export async function simulateCredit({ db, actor, input, requestId }: Input): Promise<Reply<unknown>> {
  const { accountNo, credit } = input;
  const target = auditTarget.object("collection_account", accountNo);
  const detail = { amount: credit.amount, senderReference: credit.sender.reference };
  return runOnce<{ transactionId: string }>({
    db,
    actor,
    requestId,
    action: "credit.simulate",
    target,
    intent: businessIntent("credit.simulate", credit.sender.reference),
    // The parsed body: "1,000.50" and "1000.5" are one credit; trimmed text compares equal.
    fingerprint: fingerprintOf("credit.simulate", accountNo, JSON.stringify(credit)),
    upstreamTimeoutMs: env().timeoutMs,
    ttlMs: null,
    unknown: creditOutcomeUnknown,
    refuse: { mismatch: duplicateReference, inProgress: creditInProgress },
    audit: (outcome, more) =>
      writeAuditQuietly({ db, actor, action: "credit.simulate", target, outcome, requestId, detail: { ...detail, ...more } }),
    replayDetail: (outcome) => {
      const transactionId = outcome.status === 200 ? (outcome.body as { id?: unknown }).id : undefined;
      return typeof transactionId === "string" ? { ...detail, transactionId } : detail;
    },
    send: async () => {
      const result = await upstream().simulateCredit(accountNo, credit);
      return {
        outcome: { status: 200, body: result },
        effect: { transactionId: result.id },
        audit: { outcome: "success", detail: { transactionId: result.id } },
      };
    },
  });
}
