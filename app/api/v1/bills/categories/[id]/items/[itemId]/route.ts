import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { upstream } from "@/server/upstream/client";

export const GET = route(financeContracts.getBillItems, ({ params }) => upstream().getBillCategoryItems(params.id, params.itemId));
