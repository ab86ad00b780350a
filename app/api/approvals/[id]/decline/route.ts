import { declineApproval } from "@/lib/contracts/approvals";
import { decline } from "@/server/approvals/service";
import { route } from "@/server/http/route";

export const POST = route(declineApproval, ({ db, staff, params, body, requestId }) =>
  decline({ db, actor: staff, input: { ...params, ...body }, requestId }),
);
