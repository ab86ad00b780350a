import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import {
  type CreateCardAnswer,
  type CreateCardBody,
  IDEMPOTENCY_KEY_HEADER,
  type IssuedCard,
  type RecentIssuanceError,
} from "@/lib/contracts/cards";
import type { StaffMember } from "@/server/auth/staff-repo";
import { writeAuditQuietly } from "@/server/audit/writer";
import { Reply } from "@/server/http/reply";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import {
  claimKey,
  completeKey,
  fingerprintOf,
  memberIntent,
  outcomeUnknownAfter,
  purgeExpiredKeys,
  releaseKey,
  unknownOutcome,
  type StoredOutcome,
} from "@/server/idempotency/records";
import { auditReplay } from "@/server/idempotency/replay-audit";
import { trackIntent } from "@/server/ops/in-flight";
import { refusedUnsent } from "@/server/upstream/circuit-breaker";
import { upstream } from "@/server/upstream/client";
import { claimIssuance, finishIssuance, type IssuanceOutcome } from "./card-issuances";
import { describeIssuance } from "./card-messages";
import { parseIdempotencyKey } from "./idempotency-key";
import { readState, saveStatus, toView } from "./verification-store";
import { auditTarget } from "@/server/audit/target";

export const LEGACY_PENDING_MESSAGE = "Verification pending — no card was created.";

/** A key identifies one intent for 24 hours; after that it may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const cardOutcomeUnknown = (status: number, why: string): StoredOutcome =>
  unknownOutcome(
    status,
    "card_outcome_unknown",
    `${why} A card may have been issued: check the customer's issued cards before trying again. A new attempt within 24 hours asks you to confirm a second card.`,
  );

const errorOutcome = (error: AppError): StoredOutcome => ({ status: error.status, body: error.toEnvelope() });

const refusals = {
  keyReused: () =>
    new AppError({
      status: 422,
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used for a different request. Start a new attempt (close and reopen the dialog).",
      field: IDEMPOTENCY_KEY_HEADER,
    }),
  keyInProgress: () =>
    new AppError({
      status: 409,
      code: "idempotency_in_progress",
      message: "This request is still being processed. Wait a moment and look at the customer's issued cards.",
    }),
  notApproved: () =>
    new AppError({
      status: 409,
      code: "verification_not_approved",
      message:
        "The stored verification does not permit a card: it must be Approved (with card creation allowed), or the customer verified at card creation. Refresh the verification status first.",
    }),
  creationInProgress: () =>
    new AppError({
      status: 409,
      code: "card_creation_in_progress",
      message:
        "A card is already being created for this customer (perhaps by a colleague). Wait for it to finish, then look at the issued cards.",
    }),
};

/**
 * 409 `card_recently_issued`: the refusal carries the issuance the page must show, so its envelope
 * has one field more than a plain AppError's (thrown, since route() keeps a Reply's envelope to the
 * declared error shape).
 */
class RecentlyIssued extends AppError {
  constructor(readonly issuance: IssuedCard) {
    super({ status: 409, code: "card_recently_issued", message: describeIssuance(issuance) });
  }

  override toEnvelope(): RecentIssuanceError {
    return { error: { code: "card_recently_issued", message: this.message }, recent_issuance: this.issuance };
  }
}

type Input = { body: CreateCardBody; staff: StaffMember; requestId: string; request: Request };

/**
 * `POST /cards`, once per intent. The Idempotency-Key row is claimed first, per member (a replay
 * answers the stored outcome, waiting for a running owner, and is audited as a replay), then the per-customer claim (approval, no other
 * issuance running, 24-hour check); both are committed before the upstream call, and the outcome,
 * the issuance row and the release of the customer are saved together afterwards.
 */
export async function createCard({ body, staff, requestId, request }: Input): Promise<Reply<unknown>> {
  const key = parseIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
  const customerId = body.customer_id;
  const confirmAdditional = body.confirm_additional === true;
  const acknowledgedIssuanceId = body.acknowledged_issuance_id ?? null;
  const database = await db();
  const { timeoutMs } = env();
  const leaseMs = timeoutMs * 2 + 5_000;
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    writeAuditQuietly({
      db: database,
      actor: staff,
      action: "card.create",
      target: auditTarget.customer(customerId),
      outcome,
      requestId,
      detail: { idempotency_key: key, ...detail },
    });

  const intent = memberIntent("card.create", staff.id, key);
  await purgeExpiredKeys(database);
  const claim = await claimKey(database, {
    intent,
    fingerprint: fingerprintOf(
      "card.create",
      customerId,
      confirmAdditional ? "confirm_additional" : "first",
      String(acknowledgedIssuanceId ?? ""),
    ),
    staffId: staff.id,
    requestId,
    leaseMs,
    ttlMs: IDEMPOTENCY_TTL_MS,
    // The owner's upstream call ends within timeoutMs; a replay waits that long for its answer.
    waitMs: timeoutMs + 2_000,
    interrupted: cardOutcomeUnknown(502, "The first request with this key was interrupted before the payments API answered."),
  });
  if (claim.kind === "replay") {
    const cardId = (claim.outcome.body as { card?: { id?: unknown } } | null)?.card?.id;
    const detail = typeof cardId === "string" ? { idempotency_key: key, card_id: cardId } : { idempotency_key: key };
    await auditReplay({
      db: database,
      actor: staff,
      action: "card.create",
      target: auditTarget.customer(customerId),
      requestId,
      original: claim.original,
      outcome: claim.outcome,
      detail,
    });
    return new Reply(claim.outcome.status, claim.outcome.body, { "Idempotent-Replayed": "true" });
  }
  if (claim.kind === "mismatch" || claim.kind === "in_progress") {
    const refusal = claim.kind === "mismatch" ? refusals.keyReused() : refusals.keyInProgress();
    await audit("failure", { code: refusal.code });
    throw refusal;
  }

  const owner = { customerId, idempotencyKey: key, requestId, staff };
  let decision: Awaited<ReturnType<typeof claimIssuance>>;
  try {
    decision = await claimIssuance(database, { ...owner, leaseMs, confirmAdditional, acknowledgedIssuanceId });
  } catch (error) {
    await releaseKey(database, intent, requestId);
    throw error;
  }
  if (decision.kind !== "claimed") {
    // Refused before any upstream call: nothing to remember, the key stays free.
    await releaseKey(database, intent, requestId);
    await audit("failure", { code: decision.kind === "recently_issued" ? "card_recently_issued" : decision.kind });
    if (decision.kind === "not_approved") throw refusals.notApproved();
    if (decision.kind === "in_progress") throw refusals.creationInProgress();
    throw new RecentlyIssued(decision.issuance);
  }

  // If the instance stops before the API answers, shutdown records the attempt as unknown (the card may exist).
  const stoppedOutcome = cardOutcomeUnknown(502, "The back-office was stopping before the payments API answered.");
  const stopped = new Reply(stoppedOutcome.status, stoppedOutcome.body);
  const inFlight = trackIntent(async () => {
    await database.transaction(async (tx) => {
      await finishIssuance(tx, owner, { kind: "unknown" });
      await completeKey(tx, intent, requestId, stoppedOutcome);
    });
    await audit("failure", { code: "card_outcome_unknown", outcome: "unknown", reason: "shutdown" });
  });
  try {
    let outcome: StoredOutcome;
    let issuance: IssuanceOutcome = { kind: "none" };
    let auditEntry: Parameters<typeof audit>;
    try {
      const { status, result } = await upstream().createCard(customerId);
      if (!inFlight.answered()) return stopped;
      if (result.kind === "verification") {
        // Legacy path (rule 4): the stored state said approved but the API answered a verification status; nothing was issued.
        await saveStatus(database, customerId, {
          status: result.verification.status,
          canCreateCard: result.verification.can_create_card,
          source: "card",
        });
        const answer: CreateCardAnswer = {
          kind: "verification_pending",
          message: LEGACY_PENDING_MESSAGE,
          view: toView(customerId, await readState(database, customerId)),
        };
        outcome = { status: 200, body: answer };
        auditEntry = ["failure", { http_status: status, outcome: "verification_pending", status: result.verification.status }];
      } else {
        const answer: CreateCardAnswer = { kind: "card", card: result.card };
        outcome = { status: 200, body: answer };
        issuance = { kind: "issued", cardId: result.card.id, last4: result.card.last4 ?? null };
        auditEntry = ["success", { http_status: status, card_id: result.card.id }];
      }
    } catch (error) {
      if (!inFlight.answered()) return stopped;
      if (refusedUnsent(error)) {
        // The breaker refused before anything was sent: no card can exist, so nothing is remembered.
        await database.transaction(async (tx) => {
          await finishIssuance(tx, owner, { kind: "none" });
          await releaseKey(tx, intent, requestId);
        });
        await audit("failure", { code: isAppError(error) ? error.code : "upstream_unavailable", sent: false });
        throw error;
      }
      if (isAppError(error) && !outcomeUnknownAfter(error)) {
        outcome = errorOutcome(error);
        auditEntry = ["failure", { http_status: error.status, code: error.code }];
      } else {
        const status = isAppError(error) ? error.status : 502;
        outcome = cardOutcomeUnknown(status, "The payments API did not confirm the card.");
        issuance = { kind: "unknown" };
        auditEntry = ["failure", { http_status: status, code: isAppError(error) ? error.code : "unexpected", outcome: "unknown" }];
      }
    }
    await database.transaction(async (tx) => {
      await finishIssuance(tx, owner, issuance);
      await completeKey(tx, intent, requestId, outcome);
    });
    await audit(...auditEntry);
    return new Reply(outcome.status, outcome.body);
  } finally {
    inFlight.done();
  }
}
