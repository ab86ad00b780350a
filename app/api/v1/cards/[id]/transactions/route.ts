import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { readCardRows } from "@/server/finance/card-transactions";

/** Every transaction of the card, in the compact table form (lib/finance/card-rows.ts). */
export const GET = route({ capability: "finance.read", action: "card_transactions.read", params: idParams }, ({ staff, params }) =>
  readCardRows(staff, params.id),
);
