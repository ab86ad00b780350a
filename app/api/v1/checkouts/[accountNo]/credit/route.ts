import { postCredit } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { simulateCredit } from "@/server/finance/credit";

const post = route(postCredit, ({ db, staff, params, body, requestId }) =>
  simulateCredit({ db, actor: staff, input: { accountNo: params.accountNo, credit: body }, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
