import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readCollection } from "@/server/finance/transactions";

export const GET = route({ capability: "finance.read", action: "collection.read", params: idParams }, ({ staff, params }) =>
  readCollection(staff, params.id),
);
