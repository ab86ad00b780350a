import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { cardListProgress } from "@/server/finance/card-transactions";

/** Rows of the card's list read so far while this instance loads it; `null` when it is not loading one. */
export const GET = route({ capability: "finance.read", action: "card_transactions.read", params: idParams }, async ({ params }) => ({
  rowsRead: cardListProgress(params.id),
}));
