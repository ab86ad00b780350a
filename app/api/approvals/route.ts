import { listApprovals as listApprovalsContract } from "@/lib/contracts/approvals";
import { listApprovals } from "@/server/approvals/service";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(listApprovalsContract, ({ db, staff, query }) => listApprovals({ db, actor: staff, input: query }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
