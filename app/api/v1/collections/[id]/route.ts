import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { readCollection } from "@/server/finance/transactions";

export const GET = route({ capability: "finance.read", action: "collection.read", params: idParams }, ({ staff, params }) =>
  readCollection(staff, params.id),
);
