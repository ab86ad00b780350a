import "server-only";
import { fail } from "@/lib/contracts/fail";
import { postCredit } from "@/lib/contracts/finance";
import { normaliseCurrency } from "@/lib/format/money";
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

const OTHER_ACCOUNT = "That collection account has another account number. Reopen the account's page and try again.";

/**
 * The amount was read with the minor digits of the currency the request names; that claim comes
 * from the browser, so it is checked against the account itself before anything is sent. A refusal
 * here is a 4xx made before the reference is claimed: no credit, and the reference stays unused.
 */
async function checkAccountCurrency(accountNo: string, { collection_id, currency }: CreditSimulationRequest): Promise<string | null> {
  const account = await upstream().getCollection(collection_id);
  if (account.account_number !== accountNo) throw fail(postCredit, "invalid_request", OTHER_ACCOUNT, { field: "collection_id" });
  const actual = normaliseCurrency(account.currency);
  const claimed = normaliseCurrency(currency);
  if (actual !== claimed) {
    const read = claimed ? `in ${claimed}` : "with no currency";
    const message = `This account's currency is ${actual ?? "not on record"}, but the form read the amount ${read}. Reload the page and enter the amount again.`;
    throw fail(postCredit, "conflict", message, { field: "amount" });
  }
  return actual;
}

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
  const currency = await checkAccountCurrency(accountNo, credit);
  const { amount, sender } = credit;
  const target = auditTarget.object("collection_account", accountNo);
  const detail = { amount, currency, senderReference: sender.reference };
  return runOnce<{ transactionId: string }>({
    db,
    actor,
    requestId,
    action: "credit.simulate",
    target,
    intent: businessIntent("credit.simulate", sender.reference),
    // The parsed body: "1,000.50" and "1000.5" are one credit; trimmed text compares equal. The
    // currency is the account's (checked above), so the account number already stands for it.
    fingerprint: fingerprintOf("credit.simulate", accountNo, JSON.stringify({ amount, sender })),
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
      const result = await upstream().simulateCredit(accountNo, { amount, sender });
      return {
        outcome: { status: 200, body: result },
        effect: { transactionId: result.id },
        audit: { outcome: "success", detail: { transactionId: result.id } },
      };
    },
  });
}
