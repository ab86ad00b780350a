import "server-only";
import { and, asc, desc, eq, inArray, notInArray, or, sql } from "drizzle-orm";
import { cardIssuances, cardVerificationState, verificationEventDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { REFRESH_INTERVAL_MS } from "@/server/customers/verification-store";

export type QueueReason = "PENDING" | "RECONCILIATION_REQUIRED" | "REJECTED" | "APPROVED_NO_CARD";

export type QueueItem = { customerId: string; reason: QueueReason; since: string | null; lastCheckAt: string | null; nextCheckAt: string | null };

const t = cardVerificationState;

/**
 * Customers who need someone: pending, reconciliation required or rejected, or approved with no
 * card issued yet. Oldest first (by when the stored status last changed), so nothing waits forever.
 * The next check is when the shared one-call-per-minute window reopens.
 */
export async function workQueue(db: Db, now = new Date(), limit = 25): Promise<QueueItem[]> {
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
    const next = r.checkedAt ? new Date(Math.max(r.checkedAt.getTime() + REFRESH_INTERVAL_MS, now.getTime())) : now;
    return {
      customerId: r.customerId,
      reason: r.status === "APPROVED" ? "APPROVED_NO_CARD" : (r.status as Exclude<QueueReason, "APPROVED_NO_CARD">),
      since: (r.statusUpdatedAt ?? r.updatedAt).toISOString(),
      lastCheckAt: r.checkedAt?.toISOString() ?? null,
      nextCheckAt: next.toISOString(),
    };
  });
}

export type WebhookDecision = { customerId: string; eventId: string; status: string; duplicate: boolean; receivedAt: string };

/** The last webhook deliveries, duplicates included (a duplicate is shown as such, not hidden). */
export async function recentWebhookDecisions(db: Db, limit = 10): Promise<WebhookDecision[]> {
  const rows = await db.select().from(verificationEventDeliveries).orderBy(desc(verificationEventDeliveries.id)).limit(limit);
  return rows.map((r) => ({ customerId: r.customerId, eventId: r.eventId, status: r.status, duplicate: r.duplicate, receivedAt: r.receivedAt.toISOString() }));
}

/** Customers the back-office holds a verification state for, by id prefix (for search). */
export async function findCustomers(db: Db, q: string, limit = 5): Promise<{ customerId: string; status: string | null }[]> {
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ customerId: t.customerId, status: t.status })
    .from(t)
    .where(sql`lower(${t.customerId}) LIKE ${prefix}`)
    .orderBy(asc(t.customerId))
    .limit(limit);
  return rows;
}

