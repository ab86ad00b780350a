import "server-only";
import { asc, gt } from "drizzle-orm";
import type { AuditStreamQuery } from "@/lib/contracts/audit";
import { auditLog, type AuditRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { maskSensitiveDeep } from "@/server/privacy";

export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

/**
 * One page of the trail after `after`, oldest first. `seq` is the entry's id: appends take their id
 * and commit one at a time under the append lock, so an id is visible only after every smaller one
 * is, and `id > cursor` never skips an entry that commits later. Ids may skip numbers (a rolled-back
 * append); `prev_hash` is what links an entry to the one before.
 */
export async function readStreamPage({
  db,
  input,
}: {
  db: Db;
  input: AuditStreamQuery;
}): Promise<{ lines: string; nextCursor: number; count: number }> {
  const entries = await db.select().from(auditLog).where(gt(auditLog.id, input.after)).orderBy(asc(auditLog.id)).limit(input.limit);
  return {
    lines: entries.map((e) => `${JSON.stringify(streamLine(e))}\n`).join(""),
    nextCursor: entries.at(-1)?.id ?? input.after,
    count: entries.length,
  };
}

/**
 * Snake-case like the rest of the API; every field the hash covers, so a shipper can re-check the
 * chain. The content is masked by value on the way out, as every other exit masks it: an entry
 * written before the by-value rule still holds a BVN or card number. The hashes stay the stored
 * entry's, so the chain still links; a line marked `masked` no longer matches its hash and is
 * verified by its link and the signed checkpoints (docs/audit-evidence.md).
 */
function streamLine(e: AuditRow) {
  const content = {
    request_id: e.requestId,
    actor_staff_id: e.actorStaffId,
    actor_email: e.actorEmail,
    actor_role: e.actorRole,
    action: e.action,
    target: e.target,
    outcome: e.outcome,
    detail: e.detail,
  };
  const shown = maskSensitiveDeep(content);
  return {
    seq: e.id,
    occurred_at: e.occurredAt.toISOString(),
    ...shown,
    prev_hash: e.prevHash,
    hash: e.hash,
    // The masker hands back the same object when it changed nothing.
    masked: shown !== content,
  };
}

export async function streamResponse({ db, input }: { db: Db; input: AuditStreamQuery }): Promise<Response> {
  const page = await readStreamPage({ db, input });
  return new Response(page.lines, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      [NEXT_CURSOR_HEADER]: String(page.nextCursor),
      "X-Entry-Count": String(page.count),
    },
  });
}
