import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { readTransaction } from "@/server/finance/transactions";

export const GET = route({ capability: "finance.read", action: "transaction.read", params: idParams }, ({ staff, params }) =>
  readTransaction(staff, params.id),
);
