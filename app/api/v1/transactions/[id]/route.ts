import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { readTransaction } from "@/server/finance/transactions";

export const GET = route(financeContracts.getTransaction, ({ db, staff, params }) => readTransaction({ db, actor: staff, input: params }));
