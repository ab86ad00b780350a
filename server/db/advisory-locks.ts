import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./types";

/**
 * Every PostgreSQL advisory lock the app takes, in one list so no two features pick the same key.
 * All are transaction-scoped (`pg_advisory_xact_lock`): released at commit or rollback, never leaked
 * by a crashed request. They serialise work across connections and across app instances.
 */
export const ADVISORY_LOCKS = {
  /** Applying migrations: instances starting together on one database must not run them twice. */
  migrations: 7305501,
  /** Appending to the audit trail: each entry is chained to the previous one's hash, so appends never interleave (the chain would fork). */
  auditAppend: 7305502,
  /** Any staff change: the "last active admin" check and the change it guards must not interleave with another change. */
  staffChanges: 7305503,
  /** Writing an audit checkpoint (tried, not waited for): one instance signs each period's checkpoint. */
  auditCheckpoint: 7305504,
  /** Saving an administrator's setting: the value a save replaces, as its audit entry records it, must be the one it replaced. */
  settingChanges: 7305505,
} as const;

/**
 * Per-staff BVN lookup quota: the count of the last hour and the new request's audit entry are made
 * under it, so concurrent lookups by one member queue and the quota is exact. Keyed by
 * `hashtext('bvn-quota:<staff id>')`, a 32-bit value; one could in theory equal a fixed key above,
 * which would only make two unrelated transactions wait for each other, never break either.
 */
export const bvnQuotaLock = (staffId: string) => sql`hashtext(${`bvn-quota:${staffId}`})`;

/** One member's saved views of one page: the count under the limit and the save it allows are made under it (the same hashing as above). */
export const savedViewsLock = (staffId: string, page: string) => sql`hashtext(${`saved-views:${staffId}:${page}`})`;

/** Takes a lock of the list above for the rest of the transaction. */
export async function lockForTransaction(
  tx: Db,
  key: (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS] | ReturnType<typeof bvnQuotaLock> | ReturnType<typeof savedViewsLock>,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
}
