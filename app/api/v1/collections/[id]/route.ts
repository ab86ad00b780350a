import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readCollection } from "@/server/finance/transactions";

const get = route(financeContracts.getCollection, ({ db, staff, params }) => readCollection({ db, actor: staff, input: params }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
