import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { upstream } from "@/server/upstream/client";

export const GET = route(financeContracts.getBillCategory, ({ params }) => upstream().getBillCategory(params.id));
