import "server-only";
import type { IssuedCardList } from "@/lib/contracts/cards";
import type { Db } from "@/server/db/types";
import { listIssuances } from "./card-issuances";

/** The cards this back-office issued to the customer, from its own records (the upstream lists none). */
export async function readIssuedCards({ db, customerId }: { db: Db; customerId: string }): Promise<IssuedCardList> {
  return { cards: await listIssuances(db, customerId) };
}
