import "server-only";
import { and, asc, desc, eq, gt, gte, lt, type SQL } from "drizzle-orm";
import type { AuditEntryView, AuditFilters, AuditPage, AuditQuery } from "@/lib/contracts/audit";
import { startOfDayIn } from "@/lib/time/zoned-day";
import { auditLog, type AuditRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** The filters as SQL; `from`/`to` are whole days in `tz` (UTC when none was given), `to` inclusive. */
export function filterConditions(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.staff) where.push(eq(auditLog.actorEmail, filters.staff.toLowerCase()));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.outcome) where.push(eq(auditLog.outcome, filters.outcome));
  const zone = filters.tz ?? "UTC";
  if (filters.from) where.push(gte(auditLog.occurredAt, new Date(startOfDayIn(filters.from, zone))));
  if (filters.to) where.push(lt(auditLog.occurredAt, new Date(startOfDayIn(filters.to, zone, 1))));
  return where;
}

export function toView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    requestId: row.requestId,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: row.detail ?? null,
  };
}

/**
 * One page, newest first, by keyset on the id (ids grow with every append, under the writer's
 * lock): `WHERE id < cursor ORDER BY id DESC LIMIT n+1` costs the same on page 1 and page 2,000,
 * unlike OFFSET. One extra row tells whether another page exists.
 */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where = filterConditions(query);
  const newerFirst = query.after === undefined;
  if (query.before !== undefined) where.push(lt(auditLog.id, query.before));
  if (query.after !== undefined) where.push(gt(auditLog.id, query.after));
  const fetched = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(newerFirst ? desc(auditLog.id) : asc(auditLog.id))
    .limit(query.limit + 1);
  const more = fetched.length > query.limit;
  const page = fetched.slice(0, query.limit);
  if (!newerFirst) page.reverse();
  const entries = page.map(toView);
  const first = entries[0];
  const last = entries[entries.length - 1];
  // Walking older: there is a newer page whenever we came from one. Walking newer: the extra row says so.
  const hasOlder = newerFirst ? more : true;
  const hasNewer = newerFirst ? query.before !== undefined : more;
  return {
    entries,
    olderCursor: hasOlder && last ? last.id : null,
    newerCursor: hasNewer && first ? first.id : null,
  };
}

/** Every entry matching the filters, newest first, in batches (for the CSV export). */
export async function* allAudit(db: Db, filters: AuditFilters, batch = 2_000): AsyncGenerator<AuditEntryView[]> {
  let before: number | undefined;
  for (;;) {
    const where = filterConditions(filters);
    if (before !== undefined) where.push(lt(auditLog.id, before));
    const rows = await db
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map(toView);
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** The values for the staff and action filter lists. */
export async function filterChoices(db: Db): Promise<{ staff: string[]; actions: string[] }> {
  const [staffRows, actionRows] = await Promise.all([
    db.selectDistinct({ v: auditLog.actorEmail }).from(auditLog).orderBy(asc(auditLog.actorEmail)).limit(500),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(200),
  ]);
  return {
    staff: staffRows.map((r) => r.v).filter((v): v is string => Boolean(v)),
    actions: actionRows.map((r) => r.v),
  };
}
