import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

export const RECENT_WINDOW_HOURS = 24;
export const BVN_LOOKUP_ACTION = "bvn.lookup";
/** Written, with the purpose, before the upstream call; the `bvn.lookup` entry completes it. */
export const BVN_LOOKUP_REQUEST_ACTION = "bvn.lookup.requested";
export const BVN_REVEAL_ACTION = "bvn.reveal";

/**
 * Who looked this BVN up (by its keyed hash) in the last 24 hours, newest first; the hours of the
 * database's clock, as the entries' times are (writeAudit), not the reading instance's.
 */
export async function recentLookups(db: Db, hash: string) {
  const rows = await db
    .select({ staffEmail: auditLog.actorEmail, staffRole: auditLog.actorRole, at: auditLog.occurredAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, BVN_LOOKUP_ACTION),
        eq(auditLog.outcome, "success"),
        sql`${auditLog.detail} ->> 'bvnHash' = ${hash}`,
        sql`${auditLog.occurredAt} > now() - make_interval(hours => ${RECENT_WINDOW_HOURS})`,
      ),
    )
    .orderBy(desc(auditLog.occurredAt))
    .limit(20);
  return rows.map((r) => ({ staffEmail: r.staffEmail, staffRole: r.staffRole, at: r.at.toISOString() }));
}

/**
 * Lookups this staff member was let through in the last hour: one `bvn.lookup.requested` entry
 * each, written before the upstream call, so a lookup in flight counts as much as one answered
 * (found or not: both cost an upstream call). Refusals by the quota itself are not requests. The
 * hour is the database's, as the entries' times are (writeAudit): an instance's own clock, minutes
 * off, would let lookups stamped through another instance fall out of it early.
 */
export async function lookupsInLastHour(db: Db, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, BVN_LOOKUP_REQUEST_ACTION),
        eq(auditLog.actorStaffId, staffId),
        eq(auditLog.outcome, "success"),
        sql`${auditLog.occurredAt} > now() - interval '1 hour'`,
      ),
    );
  return row?.n ?? 0;
}
