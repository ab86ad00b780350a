import { postCredit } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { simulateCredit } from "@/server/finance/credit";

export const POST = route(postCredit, ({ staff, params, body, requestId }) => simulateCredit(staff, params.accountNo, body, requestId));
