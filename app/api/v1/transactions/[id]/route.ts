import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readTransaction } from "@/server/finance/transactions";

export const GET = route({ capability: "finance.read", action: "transaction.read", params: idParams }, ({ staff, params }) =>
  readTransaction(staff, params.id),
);
