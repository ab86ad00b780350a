import "server-only";
import { desc } from "drizzle-orm";
import type { VerificationEventList } from "@/lib/contracts/customers";
import { verificationEventDeliveries, verificationEvents } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { VerificationEventPayload } from "@/lib/contracts/webhooks";
import { type DbOrTx, saveStatus, upstreamDoesNotKnow } from "@/server/customers/verification-store";
import { decisionOrderTime } from "./decision-time";

/**
 * Stores the delivery and, the first time its event id is seen, applies the decision to the
 * stored state unless the stored status is newer. The event's time is its decided_at capped at its
 * receipt (see decisionOrderTime): a status fetched after the receipt outranks it. The receipt is
 * the database's `now()` as the delivery is stored (the rows' own received_at, no extra round
 * trip), the clock checks and submits are ordered by too: the receiving instance's own clock may be
 * minutes away from theirs. A decided_at too far ahead of it is refused and nothing is kept (the
 * transaction is rolled back). The event id's primary key decides "first" even between concurrent
 * deliveries. The check timer is left alone: a webhook is not an upstream GET. Returns the receipt
 * too, for the delivery log.
 */
export async function recordVerificationEvent({
  db,
  input: event,
  receivedAt,
}: {
  db: Db;
  input: VerificationEventPayload;
  /** Pins the receipt (tests of exact bounds); by default the database's `now()`. */
  receivedAt?: Date;
}): Promise<{ result: "duplicate" | "applied" | "stale" | "unknown_customer"; receivedAt: Date }> {
  const decidedAt = event.decided_at ? new Date(event.decided_at) : null;
  const canCreateCard = event.can_create_card ?? event.status === "APPROVED";
  // Left undefined, received_at takes its default, now(): one value for the whole transaction.
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(verificationEvents)
      .values({
        eventId: event.event_id,
        customerId: event.customer_id,
        status: event.status,
        canCreateCard,
        decidedAt,
        receivedAt,
      })
      .onConflictDoNothing()
      .returning({ eventId: verificationEvents.eventId });
    const duplicate = inserted.length === 0;
    const [delivery] = await tx
      .insert(verificationEventDeliveries)
      .values({ eventId: event.event_id, customerId: event.customer_id, status: event.status, duplicate, receivedAt })
      .returning({ receivedAt: verificationEventDeliveries.receivedAt });
    if (!delivery) throw new Error("The verification delivery was not stored.");
    // Throws (a 400 naming decided_at) for a decision too far ahead: both rows above are rolled back.
    const asOf = decisionOrderTime(decidedAt, delivery.receivedAt);
    const result = duplicate ? "duplicate" : await applyDecision(tx, event.customer_id, { status: event.status, canCreateCard }, asOf);
    return { result, receivedAt: delivery.receivedAt };
  });
}

/**
 * A pushed decision applied to the stored state, by the receiver and by a re-apply alike: `stale`
 * when the stored status is newer (a late or replayed delivery, kept as delivered), and
 * `unknown_customer` when the payments API's last answer about the customer was "not found" (it
 * is not ours, or not yet): a decision the API contradicts must not approve a card for it. A
 * later check that finds the customer stores its status.
 */
export async function applyDecision(
  tx: DbOrTx,
  customerId: string,
  decision: { status: VerificationEventPayload["status"]; canCreateCard: boolean },
  asOf: Date,
): Promise<"applied" | "stale" | "unknown_customer"> {
  if (await upstreamDoesNotKnow(tx, customerId)) return "unknown_customer";
  const applied = await saveStatus({ db: tx, customerId, update: { ...decision, source: "webhook" }, asOf });
  return applied ? "applied" : "stale";
}

/** The latest deliveries, newest first, for staff who may read verification. */
export async function listVerificationDeliveries({ db, limit = 100 }: { db: Db; limit?: number }): Promise<VerificationEventList> {
  const rows = await db.select().from(verificationEventDeliveries).orderBy(desc(verificationEventDeliveries.id)).limit(limit);
  return {
    events: rows.map((r) => ({
      id: r.id,
      event_id: r.eventId,
      customer_id: r.customerId,
      status: r.status,
      duplicate: r.duplicate,
      received_at: r.receivedAt.toISOString(),
    })),
  };
}
