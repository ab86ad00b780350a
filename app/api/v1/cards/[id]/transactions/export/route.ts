import { cardExportQuerySchema } from "@/lib/finance/card-window";
import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { exportCardCsv } from "@/server/finance/card-transactions";

/** The rows of a table view as CSV, from the snapshot the view shows. */
export const GET = route({ capability: "finance.read", action: "card_transactions.export", params: idParams, query: cardExportQuerySchema }, ({ staff, params, query, requestId }) =>
  exportCardCsv(staff, params.id, query, requestId),
);
