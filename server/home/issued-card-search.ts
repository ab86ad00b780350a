import "server-only";
import { and, desc, eq, or } from "drizzle-orm";
import { likePattern, matchesFolded } from "@/server/db/like";
import { cardIssuances } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

export type FoundCard = { cardId: string; cardLast4: string | null; customerId: string };

/**
 * Cards issued from the back-office whose id starts with what was typed (case-insensitive), or
 * whose customer id is exactly it, newest first, each card once. Only confirmed issuances: an
 * attempt of unknown outcome has no card id to open.
 */
export async function findIssuedCards({ db, q, limit = 5 }: { db: Db; q: string; limit?: number }): Promise<FoundCard[]> {
  if (q === "") return [];
  const rows = await db
    .select({ cardId: cardIssuances.cardId, cardLast4: cardIssuances.cardLast4, customerId: cardIssuances.customerId })
    .from(cardIssuances)
    .where(
      and(
        eq(cardIssuances.outcome, "issued"),
        or(matchesFolded(cardIssuances.cardId, likePattern(q, "prefix")), eq(cardIssuances.customerId, q)),
      ),
    )
    .orderBy(desc(cardIssuances.issuedAt))
    .limit(limit * 4);
  const seen = new Set<string>();
  const found: FoundCard[] = [];
  for (const row of rows) {
    if (!row.cardId || seen.has(row.cardId)) continue;
    seen.add(row.cardId);
    found.push({ cardId: row.cardId, cardLast4: row.cardLast4, customerId: row.customerId });
    if (found.length === limit) break;
  }
  return found;
}
