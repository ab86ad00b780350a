import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { upstream } from "@/server/upstream/client";

const get = route(financeContracts.getBillCategory, ({ params }) => upstream().getBillCategory(params.id));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
