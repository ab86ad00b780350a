import "server-only";
import { ADVISORY_LOCKS, lockForTransaction } from "@/server/db/advisory-locks";
import type { Db } from "@/server/db/types";
import { auditedChange } from "./audited-change";
import type { AuditEntry } from "./writer";

/**
 * How every setting is saved (an administrator's: which actions need approval, the alert thresholds,
 * the address allowlist, who must use two-factor; a member's own time zone): the value it held, the
 * new value and the audit entry, in one transaction under one lock. Two administrators, or one
 * member's two tabs, saving at once then queue, so the "before" an entry records is the value that
 * save replaced (on the first save too, when there is no row yet to lock), and a setting never
 * changes without its entry. Settings change rarely, so one lock for all of them costs nothing.
 */
export async function changeSetting<T>(
  db: Db,
  change: {
    /** The setting as it stands, read on the transaction. */
    read: (tx: Db) => Promise<T>;
    write: (tx: Db) => Promise<void>;
    /** The entry, given what the setting held before this save. */
    audit: (before: T) => AuditEntry;
  },
): Promise<void> {
  await auditedChange(db, async (tx) => {
    await lockForTransaction(tx, ADVISORY_LOCKS.settingChanges);
    const before = await change.read(tx);
    await change.write(tx);
    return { result: undefined, audit: change.audit(before) };
  });
}
