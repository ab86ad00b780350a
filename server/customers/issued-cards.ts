import "server-only";
import type { IssuedCardList } from "@/lib/contracts/cards";
import { db } from "@/server/db/client";
import { listIssuances } from "./card-issuances";

export async function readIssuedCards(customerId: string): Promise<IssuedCardList> {
  return { cards: await listIssuances(await db(), customerId) };
}
