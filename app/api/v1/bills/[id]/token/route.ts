import { postBillToken } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { revealBillToken } from "@/server/finance/bills";

export const POST = route(postBillToken, ({ staff, params, requestId }) => revealBillToken(staff, params.id, requestId));
