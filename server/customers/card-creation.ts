import "server-only";
import { type CreateCardAnswer, type CreateCardBody, type IssuedCard, postCard } from "@/lib/contracts/cards";
import { fail } from "@/lib/contracts/fail";
import type { StaffMember } from "@/server/auth/staff-repo";
import { auditTarget } from "@/server/audit/target";
import { writeAuditQuietly } from "@/server/audit/writer";
import { databaseNow } from "@/server/db/clock";
import { databaseUnavailable } from "@/server/db/unavailable";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { runOnce, type UnknownReason, unknownWhy } from "@/server/idempotency/once";
import { fingerprintOf, memberIntent, purgeExpiredKeys, unknownOutcome, type StoredOutcome } from "@/server/idempotency/records";
import type { Reply } from "@/server/reply";
import { upstream } from "@/server/upstream/client";
import { claimIssuance, finishIssuance, type IssuanceOutcome } from "./card-issuances";
import { cardKeyReused } from "@/server/idempotency/card-key-reused";
import { describeIssuance } from "./card-messages";
import { readState, saveStatus, toView } from "./verification-store";

export const LEGACY_PENDING_MESSAGE = "Verification pending — no card was created.";

/** A key identifies one intent for 24 hours; after that it may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const cardOutcomeUnknown = (status: number, reason: UnknownReason): StoredOutcome =>
  unknownOutcome(
    status,
    "card_outcome_unknown",
    `${unknownWhy(reason, { key: "key", thing: "card" })} A card may have been issued: check the customer's issued cards before trying again. A new attempt within 24 hours asks you to confirm a second card.`,
  );

const refusals = {
  keyReused: cardKeyReused,
  keyInProgress: () =>
    fail(
      postCard,
      "idempotency_in_progress",
      "This request is still being processed. Wait a moment and look at the customer's issued cards.",
    ),
  notApproved: () =>
    fail(
      postCard,
      "verification_not_approved",
      "The stored verification does not permit a card: it must be Approved (with card creation allowed), or the customer verified at card creation. Refresh the verification status first.",
    ),
  creationInProgress: () =>
    fail(
      postCard,
      "card_creation_in_progress",
      "A card is already being created for this customer (perhaps by a colleague). Wait for it to finish, then look at the issued cards.",
    ),
  /** 409 `card_recently_issued`: the refusal carries the issuance the page must show (the contract declares that body). */
  recentlyIssued: (issuance: IssuedCard) =>
    fail(postCard, "card_recently_issued", describeIssuance(issuance), { body: { recent_issuance: issuance } }),
};

type Input = {
  db: Db;
  actor: StaffMember;
  input: CreateCardBody;
  requestId: string;
  /** The intent's `Idempotency-Key`, checked by route() (the contract is idempotent). */
  idempotencyKey: string;
};

/**
 * `POST /cards`, once per intent (server/idempotency/once.ts). The Idempotency-Key is claimed
 * first, per member (a replay answers the stored outcome, waiting for a running owner, and is
 * audited as a replay), then the per-customer claim (approval, no other issuance running, 24-hour
 * check); both are committed before the upstream call, and the outcome, the issuance row and the
 * release of the customer are saved together afterwards.
 */
export async function createCard({ db, actor, input, requestId, idempotencyKey: key }: Input): Promise<Reply<unknown>> {
  const customerId = input.customer_id;
  const confirmAdditional = input.confirm_additional === true;
  const acknowledgedIssuanceId = input.acknowledged_issuance_id ?? null;
  const target = auditTarget.customer(customerId);
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    writeAuditQuietly({ db, actor, action: "card.create", target, outcome, requestId, detail: { idempotency_key: key, ...detail } });
  const owner = { customerId, idempotencyKey: key, requestId, staff: actor };

  await purgeExpiredKeys(db);
  // Read in prepare, before the upstream call (see there).
  let sentAt: Date | undefined;
  return runOnce<IssuanceOutcome>({
    db,
    actor,
    requestId,
    action: "card.create",
    target,
    intent: memberIntent("card.create", actor.id, key),
    fingerprint: fingerprintOf(
      "card.create",
      customerId,
      confirmAdditional ? "confirm_additional" : "first",
      String(acknowledgedIssuanceId ?? ""),
    ),
    upstreamTimeoutMs: env().timeoutMs,
    ttlMs: IDEMPOTENCY_TTL_MS,
    unknown: cardOutcomeUnknown,
    refuse: { mismatch: refusals.keyReused, inProgress: refusals.keyInProgress },
    audit,
    replayDetail: (outcome) => {
      const cardId = (outcome.body as { card?: { id?: unknown } } | null)?.card?.id;
      return typeof cardId === "string" ? { idempotency_key: key, card_id: cardId } : { idempotency_key: key };
    },
    prepare: async ({ leaseMs }) => {
      // What a legacy verification answer tells us was true when the request was sent, so a
      // webhook decision received during the call (dated later) is not overwritten by it. On the
      // database's clock, which every instance shares, read in a statement of its own before
      // anything is claimed or sent: a read that fails here is a plain 503 with the key released
      // and nothing remembered, where inside send() it was taken for an issuance of unknown outcome.
      // Read a moment (the claim's transaction) before the call, it can only leave a decision the
      // provider sent in that moment standing over the answer.
      sentAt = await databaseNow(db).catch((error: unknown) => {
        throw databaseUnavailable(error);
      });
      const decision = await claimIssuance(db, { ...owner, leaseMs, confirmAdditional, acknowledgedIssuanceId });
      if (decision.kind === "claimed") return;
      // Refused before any upstream call: nothing to remember, the key stays free.
      await audit("failure", { code: decision.kind === "recently_issued" ? "card_recently_issued" : decision.kind });
      if (decision.kind === "not_approved") throw refusals.notApproved();
      if (decision.kind === "in_progress") throw refusals.creationInProgress();
      throw refusals.recentlyIssued(decision.issuance);
    },
    send: async () => {
      // Nothing before the call can fail now: any failure from here on is the call's own.
      const { status, result } = await upstream().createCard(customerId);
      if (result.kind === "card") {
        const answer: CreateCardAnswer = { kind: "card", card: result.card };
        return {
          outcome: { status: 200, body: answer },
          effect: { kind: "issued", cardId: result.card.id, last4: result.card.last4 ?? null },
          audit: { outcome: "success", detail: { http_status: status, card_id: result.card.id } },
        };
      }
      // Legacy path (rule 4): the stored state said approved but the API answered a verification status; nothing was issued.
      await saveStatus({
        db,
        customerId,
        update: {
          status: result.verification.status,
          canCreateCard: result.verification.can_create_card,
          source: "card",
        },
        asOf: sentAt!,
      });
      const answer: CreateCardAnswer = {
        kind: "verification_pending",
        message: LEGACY_PENDING_MESSAGE,
        view: toView(customerId, await readState({ db, customerId })),
      };
      return {
        outcome: { status: 200, body: answer },
        effect: { kind: "none" },
        audit: { outcome: "failure", detail: { http_status: status, outcome: "verification_pending", status: result.verification.status } },
      };
    },
    // The customer is released with the issuance the call came to: a card, none, or one that may exist.
    save: (tx, settled) =>
      finishIssuance(
        tx,
        owner,
        settled.kind === "answered" ? settled.effect : settled.kind === "unknown" ? { kind: "unknown" } : { kind: "none" },
      ),
  });
}
