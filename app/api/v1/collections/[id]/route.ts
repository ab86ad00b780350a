import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { readCollection } from "@/server/finance/transactions";

export const GET = route(financeContracts.getCollection, ({ db, staff, params }) => readCollection({ db, actor: staff, input: params }));
