import * as financeContracts from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { revealBillToken } from "@/server/finance/bills";

const post = route(financeContracts.postBillToken, ({ db, staff, params, requestId }) =>
  revealBillToken({ db, actor: staff, input: params, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
