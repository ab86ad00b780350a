import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { cardIssuances, cardVerificationState, verificationEventDeliveries } from "@/server/db/schema";
import { databaseNow } from "@/server/db/clock";
import { likePattern, matchesFolded } from "@/server/db/like";
import type { Db } from "@/server/db/types";
import type { QueueItem, QueueReason, WebhookDecision } from "@/lib/home/home-data";
import { REFRESH_INTERVAL_MS } from "@/lib/customers/countdown";
import { NOT_FOUND_CODE } from "@/server/customers/verification-store";

const t = cardVerificationState;

/**
 * Customers who need someone: pending, reconciliation required or rejected, or approved with no
 * card issued yet. Oldest first (by when the stored status last changed), so nothing waits forever.
 * The next check is when the shared one-call-per-minute window reopens.
 */
export async function workQueue({ db, now, limit = 25 }: { db: Db; now?: Date; limit?: number }): Promise<QueueItem[]> {
  // checkedAt was written by the database's clock: "now" is read from the same clock, or an instance
  // ten minutes fast would show every customer's next check ten minutes late.
  const at = now ?? (await databaseNow(db));
  const issued = db.select({ customerId: cardIssuances.customerId }).from(cardIssuances);
  const rows = await db
    .select()
    .from(t)
    .where(
      or(
        inArray(t.status, ["PENDING", "RECONCILIATION_REQUIRED", "REJECTED"]),
        and(eq(t.status, "APPROVED"), notInArray(t.customerId, issued)),
      ),
    )
    .orderBy(asc(sql`coalesce(${t.statusUpdatedAt}, ${t.updatedAt})`), asc(t.customerId))
    .limit(limit);
  return rows.map((r) => {
    const next = r.checkedAt ? new Date(Math.max(r.checkedAt.getTime() + REFRESH_INTERVAL_MS, at.getTime())) : at;
    return {
      customerId: r.customerId,
      reason: r.status === "APPROVED" ? "APPROVED_NO_CARD" : (r.status as Exclude<QueueReason, "APPROVED_NO_CARD">),
      since: (r.statusUpdatedAt ?? r.updatedAt).toISOString(),
      lastCheckAt: r.checkedAt?.toISOString() ?? null,
      nextCheckAt: next.toISOString(),
    };
  });
}

/** The last webhook deliveries, duplicates included (a duplicate is shown as such, not hidden). */
export async function recentWebhookDecisions(db: Db, limit = 10): Promise<WebhookDecision[]> {
  const rows = await db.select().from(verificationEventDeliveries).orderBy(desc(verificationEventDeliveries.id)).limit(limit);
  return rows.map((r) => ({
    customerId: r.customerId,
    eventId: r.eventId,
    status: r.status,
    duplicate: r.duplicate,
    receivedAt: r.receivedAt.toISOString(),
  }));
}

export type FoundCustomer = Pick<typeof t.$inferSelect, "customerId" | "status" | "canCreateCard" | "verifiedAtIssuance">;

/**
 * A customer the upstream confirmed is this business's: it answered a verification status (a check,
 * a submit, a webhook, the card call) or told us the customer is verified at card creation, and its
 * latest check did not answer 404. A row that only remembers a 404, or a claim for a check that has
 * not answered, names nothing that exists.
 */
const confirmedByUpstream = and(
  or(isNotNull(t.status), eq(t.verifiedAtIssuance, true)),
  or(isNull(t.lastErrorCode), ne(t.lastErrorCode, NOT_FOUND_CODE)),
);

/** Customers the upstream confirmed for this business, by id prefix (for search). */
export async function findCustomers({ db, q, limit = 5 }: { db: Db; q: string; limit?: number }): Promise<FoundCustomer[]> {
  return db
    .select({ customerId: t.customerId, status: t.status, canCreateCard: t.canCreateCard, verifiedAtIssuance: t.verifiedAtIssuance })
    .from(t)
    .where(and(matchesFolded(t.customerId, likePattern(q, "prefix")), confirmedByUpstream))
    .orderBy(asc(t.customerId))
    .limit(limit);
}
