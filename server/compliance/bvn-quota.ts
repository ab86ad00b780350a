import "server-only";
import { writeAudit, type AuditEntry } from "@/server/audit/writer";
import { bvnQuotaLock, lockForTransaction } from "@/server/db/advisory-locks";
import type { Db } from "@/server/db/types";
import { lookupsInLastHour } from "./bvn-history";

/**
 * Counts this staff member's lookups of the last hour and, if one is left, appends the request's
 * audit entry: both under one per-staff advisory lock in one short transaction, committed before
 * the upstream is called. Concurrent lookups (any instance) queue on the lock, so the quota is
 * exact; and an entry that cannot be written rolls back and lets no call through.
 */
export async function reserveLookup({
  db,
  staffId,
  perHour,
  entry,
}: {
  db: Db;
  staffId: string;
  perHour: number;
  /** The request's audit entry, written inside the reservation. */
  entry: AuditEntry;
}): Promise<{ admitted: boolean; used: number }> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, bvnQuotaLock(staffId));
    const used = await lookupsInLastHour(tx, staffId);
    if (used >= perHour) return { admitted: false, used };
    await writeAudit({ ...entry, db: tx });
    return { admitted: true, used: used + 1 };
  });
}
