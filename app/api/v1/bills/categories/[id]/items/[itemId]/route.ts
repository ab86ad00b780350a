import { billItemsParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { upstream } from "@/server/upstream/client";

export const GET = route({ capability: "finance.read", action: "bill_items.read", params: billItemsParams }, ({ params }) =>
  upstream().getBillCategoryItems(params.id, params.itemId),
);
