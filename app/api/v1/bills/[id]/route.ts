import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { readBill } from "@/server/finance/bills";

export const GET = route(financeContracts.getBill, ({ db, staff, params }) => readBill({ db, actor: staff, input: params }));
