import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readBill } from "@/server/finance/bills";

const get = route(financeContracts.getBill, ({ db, staff, params }) => readBill({ db, actor: staff, input: params }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
