import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { upstream } from "@/server/upstream/client";

export const GET = route({ capability: "finance.read", action: "bill_category.read", params: idParams }, ({ params }) =>
  upstream().getBillCategory(params.id),
);
