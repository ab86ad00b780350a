import { declineApproval } from "@/lib/contracts/approvals";
import { decline } from "@/server/approvals/service";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(declineApproval, ({ db, staff, params, body, requestId }) =>
  decline({ db, actor: staff, input: { ...params, ...body }, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
