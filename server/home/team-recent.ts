import "server-only";
import { and, desc, inArray, sql } from "drizzle-orm";
import { financeKinds, type ObjectKind } from "@/lib/finance/objects";
import type { TeamRecentItem } from "@/lib/home/team-recent";
import { can, type Role } from "@/lib/permissions";
import { recentObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** The kinds a role may open: a member is never offered an object their role cannot open. */
export function openableKinds(role: Role): ObjectKind[] {
  return [...(can(role, "finance.read") ? financeKinds : []), ...(can(role, "verification.read") ? (["customer"] as const) : [])];
}

/**
 * What the team opened lately, newest first, one line per object: when it was last opened, by how
 * many members, and whether by this member. Only ids and counts leave: no colleague's name, and
 * no personal data (the objects' contents are read on their own pages, masked there).
 */
export async function teamRecent(db: Db, role: Role, staffId: string, limit = 8): Promise<TeamRecentItem[]> {
  const kinds = openableKinds(role);
  if (kinds.length === 0) return [];
  const lastOpened = sql<Date>`max(${recentObjects.openedAt})`;
  const rows = await db
    .select({
      kind: recentObjects.kind,
      id: recentObjects.objectId,
      parentId: recentObjects.parentId,
      openedAt: lastOpened,
      members: sql<number>`count(distinct ${recentObjects.staffId})::int`,
      byYou: sql<boolean>`bool_or(${recentObjects.staffId} = ${staffId})`,
    })
    .from(recentObjects)
    .where(and(inArray(recentObjects.kind, kinds)))
    .groupBy(recentObjects.kind, recentObjects.objectId, recentObjects.parentId)
    .orderBy(desc(lastOpened), recentObjects.objectId)
    .limit(limit);
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    parentId: r.parentId === "" ? null : r.parentId,
    openedAt: new Date(r.openedAt).toISOString(),
    members: Number(r.members),
    byYou: Boolean(r.byYou),
  }));
}
