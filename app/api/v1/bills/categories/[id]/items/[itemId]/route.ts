import { getBillItems } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { upstream } from "@/server/upstream/client";

export const GET = route(getBillItems, ({ params }) => upstream().getBillCategoryItems(params.id, params.itemId));
