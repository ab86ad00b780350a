import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { likePattern, matchesFolded } from "@/server/db/like";
import { recentObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/**
 * Cards whose transactions a member of the team opened, whose id starts with what was typed
 * (case-insensitive), most recently opened first. The API cannot list cards, so a card the
 * back-office did not issue (most of them) is known only once someone has opened it.
 */
export async function findOpenedCards({ db, q, limit = 5 }: { db: Db; q: string; limit?: number }): Promise<string[]> {
  if (q === "") return [];
  const lastOpened = sql`max(${recentObjects.openedAt})`;
  const rows = await db
    .select({ cardId: recentObjects.objectId })
    .from(recentObjects)
    .where(and(eq(recentObjects.kind, "card"), matchesFolded(recentObjects.objectId, likePattern(q, "prefix"))))
    .groupBy(recentObjects.objectId)
    .orderBy(desc(lastOpened), recentObjects.objectId)
    .limit(limit);
  return rows.map((r) => r.cardId);
}
