import { cardWindowQuerySchema } from "@/lib/finance/card-window";
import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readCardWindow } from "@/server/finance/card-transactions";

/** One window of the card's transactions, filtered and sorted on the server (lib/finance/card-window.ts). */
export const GET = route({ capability: "finance.read", action: "card_transactions.read", params: idParams, query: cardWindowQuerySchema }, ({ staff, params, query }) =>
  readCardWindow(staff, params.id, query),
);
