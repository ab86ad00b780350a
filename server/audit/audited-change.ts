import "server-only";
import type { Db } from "@/server/db/types";
import { writeAudit, type AuditEntry } from "./writer";

/**
 * How a change to our own data that must be audited is made (sessions ended, a password, a second
 * factor or a setting changed): the change and its entry in one transaction, so neither lands
 * without the other. A failed entry undoes the change and the request fails, safe to retry. Nothing
 * slow may run inside `change` (hash a password before; never wait on the upstream there).
 */
export async function auditedChange<C extends { result: unknown; audit: AuditEntry | null }>(
  db: Db,
  /** `audit: null` when the change found nothing to change (a claim another member won): nothing to audit. */
  change: (tx: Db) => Promise<C>,
): Promise<C["result"]> {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    if (audit) await writeAudit({ db: tx, ...audit });
    return result;
  });
}
