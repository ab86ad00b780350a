import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { upstream } from "@/server/upstream/client";

export const GET = route({ capability: "finance.read", action: "bill_category.read", params: idParams }, ({ params }) =>
  upstream().getBillCategory(params.id),
);
