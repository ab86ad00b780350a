import "server-only";
import type { Db } from "@/server/db/types";
import { writeAudit, type AuditEntry } from "./writer";

/**
 * How a change to our own data that must be audited is made (sessions ended, a password, a second
 * factor or a setting changed): the change and its entry in one transaction, so neither lands
 * without the other. A failed entry undoes the change and the request fails, safe to retry. Nothing
 * slow may run inside `change` (hash a password before; never wait on the upstream there).
 */
export async function auditedChange<T>(db: Db, change: (tx: Db) => Promise<{ result: T; audit: AuditEntry }>): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await writeAudit({ db: tx, ...audit });
    return result;
  });
}
