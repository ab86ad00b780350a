import "server-only";
import { and, desc, eq, lt, lte, ne, or, sql } from "drizzle-orm";
import { fail } from "@/lib/contracts/fail";
import * as webhookContracts from "@/lib/contracts/webhooks";
import type { VerificationEventPayload } from "@/lib/contracts/webhooks";
import { upstreamVerificationStatusSchema } from "@/lib/schemas/card-verification";
import {
  DELIVERY_PAGE_SIZE,
  DELIVERY_RETENTION_DAYS,
  DELIVERY_RETENTION_ROWS,
  isRefusalSpike,
  STORED_PAYLOAD_CHARS,
  type DeliveryOutcome,
  type DeliveryPage,
  type DeliveryView,
  type ReapplyResult,
  type RefusalReason,
  type RefusedPerHour,
} from "@/lib/webhooks/delivery-log";
import { evaluateWebhookRefusal } from "@/server/audit/alert-rules";
import { auditedChange } from "@/server/audit/audited-change";
import type { StaffActor } from "@/server/audit/writer";
import { verificationEvents, webhookDeliveries, type WebhookDeliveryRow } from "@/server/db/schema";
import { databaseNow } from "@/server/db/clock";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";
import { maskSensitiveDeep, maskSensitiveText, redactDeep } from "@/server/privacy";
import { decisionOrderTime } from "./decision-time";
import { applyDecision } from "./verification-events";

/** What the receiver knows of one delivery when it has answered it. */
export type DeliveryRecord = {
  /**
   * The receipt, on the database's clock (recordVerificationEvent's) when the delivery got that far;
   * left out, the database's now() as the row is written. A reapply orders the decision by it.
   */
  receivedAt?: Date;
  requestId: string;
  outcome: DeliveryOutcome;
  refusal?: RefusalReason | null;
  refusalDetail?: string | null;
  /** The validated event, when the body was authentic and well formed. */
  event?: VerificationEventPayload | null;
  /** The parsed body of an authentic delivery that was not a valid event (kept masked, for the log). */
  body?: unknown;
  payloadBytes: number;
};

/** Outcomes whose event was authentic and valid: the decision is stored and can be applied again. */
const REAPPLICABLE: readonly DeliveryOutcome[] = ["applied", "duplicate", "stale", "unknown_customer", "failed"];

/**
 * The payload as the log keeps it: secrets dropped and personal values masked by key (redactDeep),
 * then every string masked by value (a card number or BVN under any name), then bounded: a copy
 * longer than STORED_PAYLOAD_CHARS keeps a cut preview of its masked text instead.
 */
export function storedPayload(value: unknown): unknown {
  if (value === undefined) return null;
  const masked = maskSensitiveDeep(redactDeep(value));
  const text = JSON.stringify(masked) ?? "null";
  if (text.length <= STORED_PAYLOAD_CHARS) return masked;
  return { truncated: true, preview: maskSensitiveText(text.slice(0, STORED_PAYLOAD_CHARS)) };
}

/**
 * Writes one delivery into the log. The log serves investigation: a failed write is logged and
 * never changes the answer to the sender. Every fiftieth row prunes what the retention drops.
 * `openDb` is the receiver's opener: opened inside, so a database outage is logged like any failed write.
 */
export async function recordDelivery(record: DeliveryRecord, openDb: () => Promise<Db>): Promise<number | null> {
  try {
    const handle = await openDb();
    const event = record.event ?? null;
    const [row] = await handle
      .insert(webhookDeliveries)
      .values({
        receivedAt: record.receivedAt,
        requestId: record.requestId,
        outcome: record.outcome,
        refusal: record.refusal ?? null,
        refusalDetail: record.refusalDetail ? maskSensitiveText(record.refusalDetail).slice(0, 300) : null,
        eventId: event?.event_id ?? null,
        customerId: event?.customer_id ?? null,
        status: event?.status ?? null,
        canCreateCard: event ? (event.can_create_card ?? event.status === "APPROVED") : null,
        decidedAt: event?.decided_at ? new Date(event.decided_at) : null,
        payload: storedPayload(event ?? record.body),
        payloadBytes: record.payloadBytes,
      })
      .returning({ id: webhookDeliveries.id, receivedAt: webhookDeliveries.receivedAt });
    if (row && row.id % 50 === 0) await pruneDeliveries(handle);
    if (row && record.outcome === "refused") await evaluateWebhookRefusal({ db: handle, at: row.receivedAt });
    return row?.id ?? null;
  } catch (error) {
    log.warn({ err: error, requestId: record.requestId }, "could not write the webhook delivery log");
    return null;
  }
}

/**
 * Drops deliveries older than the retention period, and all but the newest DELIVERY_RETENTION_ROWS.
 * The period is counted on the database's clock, the one `received_at` is written on, not the
 * pruning instance's (a fast one would drop rows still inside it).
 */
export async function pruneDeliveries(database: Db): Promise<void> {
  const [newest] = await database.select({ id: webhookDeliveries.id }).from(webhookDeliveries).orderBy(desc(webhookDeliveries.id)).limit(1);
  const keepAbove = (newest?.id ?? 0) - DELIVERY_RETENTION_ROWS;
  await database
    .delete(webhookDeliveries)
    .where(
      or(
        sql`${webhookDeliveries.receivedAt} < now() - make_interval(days => ${DELIVERY_RETENTION_DAYS})`,
        keepAbove > 0 ? lte(webhookDeliveries.id, keepAbove) : undefined,
      ),
    );
}

function toView(r: WebhookDeliveryRow): DeliveryView {
  return {
    id: r.id,
    receivedAt: r.receivedAt.toISOString(),
    outcome: r.outcome,
    refusal: r.refusal,
    refusalDetail: r.refusalDetail,
    eventId: r.eventId,
    customerId: r.customerId,
    status: r.status,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    // Redacted again as it is read: a row stored before a key became a secret (a cvv) still holds it.
    payload: r.payload === null ? null : redactDeep(r.payload),
    payloadBytes: r.payloadBytes,
    reapplicable: r.eventId !== null && REAPPLICABLE.includes(r.outcome),
    reapplied:
      r.reappliedAt && r.reapplyOutcome ? { at: r.reappliedAt.toISOString(), by: r.reappliedByEmail, outcome: r.reapplyOutcome } : null,
  };
}

/** One page of the log, newest first; the cursor is the last id of the page before. */
export async function listDeliveries(
  database: Db,
  { cursor, outcome = "all", limit = DELIVERY_PAGE_SIZE }: { cursor?: string; outcome?: "all" | "refused" | "accepted"; limit?: number },
): Promise<DeliveryPage> {
  const rows = await database
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        cursor ? lt(webhookDeliveries.id, Number(cursor)) : undefined,
        outcome === "refused" ? eq(webhookDeliveries.outcome, "refused") : undefined,
        outcome === "accepted" ? ne(webhookDeliveries.outcome, "refused") : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { deliveries: page.map(toView), nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/**
 * Refused deliveries per hour over the last 24 (hours[0] is the last 60 minutes) and whether they
 * spike. The window and the hours are the database's clock, as `received_at` is (recordDelivery),
 * not the reading instance's: one 10 minutes behind would otherwise miss the last 10 minutes.
 */
export async function refusedPerHour(database: Db): Promise<RefusedPerHour> {
  const bucket = sql<number>`floor(extract(epoch from (now() - ${webhookDeliveries.receivedAt})) / 3600)::int`;
  const rows = await database
    .select({ bucket, count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.outcome, "refused"),
        sql`${webhookDeliveries.receivedAt} > now() - interval '24 hours'`,
        sql`${webhookDeliveries.receivedAt} <= now()`,
      ),
    )
    // By position: the group is the selected bucket.
    .groupBy(sql`1`);
  const hours = Array.from({ length: 24 }, () => 0);
  for (const r of rows) {
    const index = Number(r.bucket);
    if (index >= 0 && index < 24) hours[index] = Number(r.count);
  }
  return { hours, lastHour: hours[0] ?? 0, spike: isRefusalSpike(hours) };
}

/**
 * Applies a stored delivery's decision again, as the receiver would have: the customer's status
 * changes only if the stored status is not newer (an older decision stays refused: "stale"). One
 * transaction holds the delivery's row: a second request, from another tab or a double click,
 * waits for the first and answers its result (`replayed`), so a delivery is re-applied once.
 * Every request is audited, the replay too.
 */
export async function reapplyDelivery(database: Db, actor: StaffActor, id: number, requestId: string): Promise<ReapplyResult> {
  return auditedChange(database, async (tx) => {
    const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).for("update");
    if (!row)
      throw fail(webhookContracts.reapplyWebhookDelivery, "not_found", "No delivery has that id: it may have passed the retention period.");
    const view = toView(row);
    if (!view.reapplicable || !row.eventId || !row.customerId || !row.status) {
      throw fail(
        webhookContracts.reapplyWebhookDelivery,
        "not_reapplicable",
        "This delivery was refused: it holds no authentic decision to apply.",
      );
    }
    const eventId = row.eventId;
    const customerId = row.customerId;
    // The replay and the first request are audited alike: what was applied, and whether this request applied it.
    const answer = (result: ReapplyResult) => ({
      result,
      audit: {
        actor,
        action: "webhook.reapply" as const,
        target: `webhook_delivery:${id}`,
        outcome: "success" as const,
        requestId,
        detail: { eventId, customerId, result: result.outcome, replayed: result.replayed },
      },
    });
    if (row.reappliedAt && row.reapplyOutcome) {
      return answer({
        id,
        outcome: row.reapplyOutcome,
        replayed: true,
        reappliedAt: row.reappliedAt.toISOString(),
        reappliedBy: row.reappliedByEmail,
      });
    }
    const status = upstreamVerificationStatusSchema.parse(row.status);
    const canCreateCard = row.canCreateCard ?? status === "APPROVED";
    // A decision that failed on our side was never stored: store it now, once (its event id decides).
    await tx
      .insert(verificationEvents)
      .values({
        eventId: row.eventId,
        customerId: row.customerId,
        status: row.status,
        canCreateCard,
        decidedAt: row.decidedAt,
        receivedAt: row.receivedAt,
      })
      .onConflictDoNothing();
    // Ordered by the stored receipt, on the database's clock like the receiver's (see DeliveryRecord).
    const asOf = decisionOrderTime(row.decidedAt, row.receivedAt);
    const outcome: ReapplyResult["outcome"] = await applyDecision(tx, row.customerId, { status, canCreateCard }, asOf);
    // Shown beside the delivery's receipt, which the database stamped: the same clock.
    const reappliedAt = await databaseNow(tx);
    await tx
      .update(webhookDeliveries)
      .set({ reappliedAt, reappliedBy: actor.id, reappliedByEmail: actor.email, reapplyOutcome: outcome })
      .where(eq(webhookDeliveries.id, id));
    return answer({ id, outcome, replayed: false, reappliedAt: reappliedAt.toISOString(), reappliedBy: actor.email });
  });
}
