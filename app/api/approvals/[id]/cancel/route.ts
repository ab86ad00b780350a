import { cancelApproval } from "@/lib/contracts/approvals";
import { cancel } from "@/server/approvals/service";
import { route } from "@/server/http/route";

export const POST = route(cancelApproval, ({ db, staff, params, requestId }) => cancel({ db, actor: staff, input: params, requestId }));
