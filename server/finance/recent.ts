import "server-only";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { financeKinds, type ObjectKind, type RecentObject } from "@/lib/finance/objects";
import { recentObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";

/** How many recently opened objects are kept per staff member. */
const KEEP = 20;

/** One object a staff member opened: its kind and id, and for a card's transaction the card. */
export type Opened = { db: Db; staffId: string; kind: ObjectKind; id: string; parentId?: string | null };

/**
 * Marks an object as opened now by this staff member (newest first in the list). Now is the
 * database's now(), the clock of the audit entries and the other openings it is sorted with (the
 * activity timeline, the home's lists) and of the trim below: an instance's own clock, minutes
 * fast or slow, would list an earlier opening after a later one, or trim away the one just made.
 */
export async function recordOpened({ db, staffId, kind, id, parentId = null }: Opened): Promise<void> {
  const openedAt = sql`now()`;
  await db
    .insert(recentObjects)
    .values({ staffId, kind, objectId: id, parentId: parentId ?? "", openedAt })
    .onConflictDoUpdate({
      target: [recentObjects.staffId, recentObjects.kind, recentObjects.parentId, recentObjects.objectId],
      set: { openedAt },
    });
  // Trim to the newest KEEP so the table does not grow with every click.
  const [cutoff] = await db
    .select({ openedAt: recentObjects.openedAt })
    .from(recentObjects)
    .where(eq(recentObjects.staffId, staffId))
    .orderBy(desc(recentObjects.openedAt))
    .offset(KEEP - 1)
    .limit(1);
  if (cutoff) await db.delete(recentObjects).where(and(eq(recentObjects.staffId, staffId), lt(recentObjects.openedAt, cutoff.openedAt)));
}

/** A read already succeeded; failing to remember it must not turn it into an error. */
export async function recordOpenedQuietly(opened: Opened): Promise<void> {
  try {
    await recordOpened(opened);
  } catch (error) {
    log.warn({ err: error, kind: opened.kind }, "could not record a recently opened object");
  }
}

/** The staff member's recently opened objects of the given kinds (finance's by default), newest first. */
export async function listRecent({
  db,
  staffId,
  limit = 10,
  kinds = financeKinds,
}: {
  db: Db;
  staffId: string;
  limit?: number;
  kinds?: readonly ObjectKind[];
}): Promise<RecentObject[]> {
  const rows = await db
    .select()
    .from(recentObjects)
    .where(and(eq(recentObjects.staffId, staffId), inArray(recentObjects.kind, [...kinds])))
    .orderBy(desc(recentObjects.openedAt), sql`${recentObjects.objectId}`)
    .limit(limit);
  return rows.map((r) => ({
    kind: r.kind,
    id: r.objectId,
    parentId: r.parentId === "" ? null : r.parentId,
    openedAt: r.openedAt.toISOString(),
  }));
}
