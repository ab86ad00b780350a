import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { recentObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

const LIKE_ESCAPE = /[\\%_]/g;

/**
 * Cards whose transactions a member of the team opened, whose id starts with what was typed
 * (case-insensitive), most recently opened first. The API cannot list cards, so a card the
 * back-office did not issue (most of them) is known only once someone has opened it.
 */
export async function findOpenedCards({ db, q, limit = 5 }: { db: Db; q: string; limit?: number }): Promise<string[]> {
  if (q === "") return [];
  const prefix = `${q.toLowerCase().replace(LIKE_ESCAPE, (c) => `\\${c}`)}%`;
  const lastOpened = sql`max(${recentObjects.openedAt})`;
  const rows = await db
    .select({ cardId: recentObjects.objectId })
    .from(recentObjects)
    .where(and(eq(recentObjects.kind, "card"), sql`lower(${recentObjects.objectId}) LIKE ${prefix}`))
    .groupBy(recentObjects.objectId)
    .orderBy(desc(lastOpened), recentObjects.objectId)
    .limit(limit);
  return rows.map((r) => r.cardId);
}
