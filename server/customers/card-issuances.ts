import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { RECENT_ISSUANCE_WINDOW_HOURS, type IssuedCard } from "@/lib/contracts/cards";
import { isApproved } from "@/lib/schemas/card-verification";
import type { StaffMember } from "@/server/auth/staff-repo";
import { cardIssuanceClaims, cardIssuances, type CardIssuanceClaimRow, type CardIssuanceRow } from "@/server/db/schema";
import { defineLease, releaseLease, takeLease } from "@/server/db/lease";
import type { Db } from "@/server/db/types";
import type { DbOrTx } from "@/server/idempotency/records";
import { readState } from "./verification-store";

export type IssuanceClaim = {
  customerId: string;
  idempotencyKey: string;
  requestId: string;
  staff: StaffMember;
  leaseMs: number;
  confirmAdditional: boolean;
  acknowledgedIssuanceId: number | null;
};

export type ClaimDecision =
  { kind: "claimed" } | { kind: "not_approved" } | { kind: "in_progress" } | { kind: "recently_issued"; issuance: IssuedCard };

/**
 * One issuance in flight per customer, held by its request id. An expired claim is never simply
 * taken over: its holder may have made a card, which is recorded first (clearStaleClaim).
 */
const issuanceLease = defineLease(cardIssuanceClaims, { key: ["customerId"], holder: "requestId", until: "expiresAt", row: "own" });

/** Thrown inside the claim transaction to roll it back while carrying the refusal out. */
class Refused extends Error {
  constructor(readonly decision: Exclude<ClaimDecision, { kind: "claimed" }>) {
    super(decision.kind);
  }
}

/** The claim row belongs to an owner that died mid-call; it is cleared in a transaction of its own. */
class StaleClaim extends Error {
  constructor(readonly claim: CardIssuanceClaimRow) {
    super("stale claim");
  }
}

export function toIssuedCard(row: CardIssuanceRow): IssuedCard {
  return {
    id: row.id,
    customer_id: row.customerId,
    outcome: row.outcome,
    card_id: row.cardId,
    card_last4: row.cardLast4,
    staff_name: row.staffName,
    staff_email: row.staffEmail,
    issued_at: row.issuedAt.toISOString(),
    request_id: row.requestId,
  };
}

/**
 * The per-customer gate, in one short transaction (committed before the upstream call): the stored
 * verification must permit a card, no other issuance may be running, and a card (or an attempt with
 * an unknown outcome) in the last 24 hours needs `confirm_additional` naming that very issuance: a
 * confirmation that names none, or an older one, was given without seeing the newest card, so it is
 * answered with the warning again (two staff confirming at once make one more card). Concurrent requests for one
 * customer meet on the claim row's primary key, so exactly one passes; the others see it held, or,
 * once released, the issuance it recorded.
 */
export async function claimIssuance(db: Db, claim: IssuanceClaim): Promise<ClaimDecision> {
  for (;;) {
    try {
      return await claimOnce(db, claim);
    } catch (error) {
      if (error instanceof Refused) return error.decision;
      if (!(error instanceof StaleClaim)) throw error;
      await clearStaleClaim(db, error.claim);
    }
  }
}

async function claimOnce(db: Db, claim: IssuanceClaim): Promise<ClaimDecision> {
  const { customerId, staff } = claim;
  return db.transaction(async (tx) => {
    const ours = {
      values: {
        customerId,
        idempotencyKey: claim.idempotencyKey,
        staffId: staff.id,
        staffEmail: staff.email,
        staffName: staff.name,
        claimedAt: sql`now()`,
      },
      token: claim.requestId,
      ms: claim.leaseMs,
      replace: "never",
    } as const;
    if (!(await takeLease(tx, issuanceLease, ours))) {
      const [held] = await tx
        .select({ claim: cardIssuanceClaims, over: issuanceLease.over })
        .from(cardIssuanceClaims)
        .where(eq(cardIssuanceClaims.customerId, customerId))
        .for("update");
      if (held && !held.over) throw new Refused({ kind: "in_progress" });
      if (held) throw new StaleClaim(held.claim);
      // Released between our insert and the read: one more try, and a concurrent taker wins it.
      if (!(await takeLease(tx, issuanceLease, ours))) throw new Refused({ kind: "in_progress" });
    }
    const state = await readState({ db: tx, customerId });
    const approved = isApproved({ status: state?.status ?? null, can_create_card: state?.canCreateCard ?? false });
    if (!approved && !state?.verifiedAtIssuance) throw new Refused({ kind: "not_approved" });
    const recent = await latestIssuance(tx, customerId, true);
    const acknowledged = claim.confirmAdditional && claim.acknowledgedIssuanceId === recent?.id;
    if (recent && !acknowledged) throw new Refused({ kind: "recently_issued", issuance: recent });
    return { kind: "claimed" } as const;
  });
}

/**
 * The holder died mid-call (a crashed instance): its card may exist, so it becomes an `unknown`
 * issuance, committed on its own so that it stays listed and keeps warning whatever the next request does.
 * Conditional on the same stale row, so of several requests noticing it one records it.
 */
async function clearStaleClaim(db: Db, stale: CardIssuanceClaimRow): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await releaseLease(tx, issuanceLease, {
      where: eq(cardIssuanceClaims.customerId, stale.customerId),
      token: stale.requestId,
      also: issuanceLease.over,
    });
    if (removed) await recordUnknown(tx, stale);
  });
}

async function recordUnknown(tx: DbOrTx, claim: CardIssuanceClaimRow): Promise<void> {
  await tx.insert(cardIssuances).values({
    customerId: claim.customerId,
    outcome: "unknown",
    staffId: claim.staffId,
    staffEmail: claim.staffEmail,
    staffName: claim.staffName,
    issuedAt: claim.claimedAt,
    requestId: claim.requestId,
    idempotencyKey: claim.idempotencyKey,
  });
}

/** The newest issuance of the customer; `withinWindow` limits it to the last 24 hours. */
export async function latestIssuance(db: DbOrTx, customerId: string, withinWindow: boolean): Promise<IssuedCard | null> {
  const since = sql`now() - (${String(RECENT_ISSUANCE_WINDOW_HOURS)}::int * interval '1 hour')`;
  const [row] = await db
    .select()
    .from(cardIssuances)
    .where(
      withinWindow
        ? and(eq(cardIssuances.customerId, customerId), gt(cardIssuances.issuedAt, since))
        : eq(cardIssuances.customerId, customerId),
    )
    .orderBy(desc(cardIssuances.issuedAt), desc(cardIssuances.id))
    .limit(1);
  return row ? toIssuedCard(row) : null;
}

export type IssuanceOutcome = { kind: "issued"; cardId: string; last4: string | null } | { kind: "unknown" } | { kind: "none" };

/** Records what the upstream call produced and frees the customer for the next intent, in one transaction. */
export async function finishIssuance(
  tx: DbOrTx,
  claim: Omit<IssuanceClaim, "leaseMs" | "confirmAdditional" | "acknowledgedIssuanceId">,
  outcome: IssuanceOutcome,
): Promise<void> {
  if (outcome.kind !== "none") {
    await tx.insert(cardIssuances).values({
      customerId: claim.customerId,
      outcome: outcome.kind,
      cardId: outcome.kind === "issued" ? outcome.cardId : null,
      cardLast4: outcome.kind === "issued" ? outcome.last4 : null,
      staffId: claim.staff.id,
      staffEmail: claim.staff.email,
      staffName: claim.staff.name,
      requestId: claim.requestId,
      idempotencyKey: claim.idempotencyKey,
    });
  }
  await releaseLease(tx, issuanceLease, { where: eq(cardIssuanceClaims.customerId, claim.customerId), token: claim.requestId });
}

/** The customer's issued cards (and attempts with an unknown outcome), newest first. */
export async function listIssuances(db: Db, customerId: string, limit = 50): Promise<IssuedCard[]> {
  const rows = await db
    .select()
    .from(cardIssuances)
    .where(eq(cardIssuances.customerId, customerId))
    .orderBy(desc(cardIssuances.issuedAt), desc(cardIssuances.id))
    .limit(limit);
  return rows.map(toIssuedCard);
}
