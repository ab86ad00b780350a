import { billItemsParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { upstream } from "@/server/upstream/client";

export const GET = route({ capability: "finance.read", action: "bill_items.read", params: billItemsParams }, ({ params }) =>
  upstream().getBillCategoryItems(params.id, params.itemId),
);
