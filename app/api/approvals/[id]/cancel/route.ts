import { cancelApproval } from "@/lib/contracts/approvals";
import { cancel } from "@/server/approvals/service";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(cancelApproval, ({ db, staff, params, requestId }) => cancel({ db, actor: staff, input: params, requestId }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
