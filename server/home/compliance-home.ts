import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { BVN_LOOKUP_ACTION } from "@/server/compliance/bvn-history";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { maskTail } from "@/server/privacy";
import type { LookupEntry } from "@/lib/home/home-data";

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
      // Only the last four digits are in the entry: shown as every masked BVN is, "—" when missing.
      maskedBvn: maskTail(typeof d.bvnLast4 === "string" ? d.bvnLast4 : null, 4, { kept: "tail" }),
      outcome: r.outcome,
    };
  });
}
