import { postCredit } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { simulateCredit } from "@/server/finance/credit";

export const POST = route(postCredit, ({ db, staff, params, body, requestId }) =>
  simulateCredit({ db, actor: staff, input: { accountNo: params.accountNo, credit: body }, requestId }),
);
