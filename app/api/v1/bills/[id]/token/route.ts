import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { revealBillToken } from "@/server/finance/bills";

export const POST = route(financeContracts.postBillToken, ({ db, staff, params, requestId }) =>
  revealBillToken({ db, actor: staff, input: params, requestId }),
);
