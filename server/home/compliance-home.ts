import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { BVN_LOOKUP_ACTION } from "@/server/compliance/bvn-history";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { LookupEntry } from "@/lib/home/home-data";

/** Only the last four digits ever leave the audit entry; the rest is dots. */
export function maskedBvnOf(last4: unknown): string {
  return typeof last4 === "string" && /^\d{4}$/.test(last4) ? `•••••••${last4}` : "•••••••••••";
}

/**
 * The team's recent BVN lookups from the audit log's `bvn.lookup` entries (the completion entry,
 * which holds the last four digits and a keyed hash, never the number), marked as own or a colleague's.
 */
export async function recentBvnLookups({ db, staffId, limit = 10 }: { db: Db; staffId: string; limit?: number }): Promise<LookupEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, BVN_LOOKUP_ACTION)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const d = r.detail ?? {};
    return {
      at: r.occurredAt.toISOString(),
      staffEmail: r.actorEmail,
      own: r.actorStaffId === staffId,
      maskedBvn: maskedBvnOf(d.bvnLast4),
      outcome: r.outcome,
    };
  });
}
