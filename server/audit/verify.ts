import "server-only";
import { and, asc, gt } from "drizzle-orm";
import type { ChainStatus } from "@/lib/contracts/audit";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { checkChain, GENESIS_HASH } from "./chain";

/**
 * Verifies the whole chain, first entry to last, in id-ordered batches so memory stays flat at any
 * size; reports the first entry whose link or content no longer matches.
 */
export async function verifyAuditChain(db: Db, batch = 5_000): Promise<ChainStatus> {
  let prevHash = GENESIS_HASH;
  let checked = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, afterId)))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    if (rows.length === 0) return { ok: true, checked };
    const result = checkChain(rows, prevHash, checked);
    if (!result.ok) return result;
    checked = result.checked;
    const last = rows[rows.length - 1]!;
    prevHash = last.hash;
    afterId = last.id;
    if (rows.length < batch) return { ok: true, checked };
  }
}
