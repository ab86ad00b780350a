import { listApprovals as listApprovalsContract } from "@/lib/contracts/approvals";
import { listApprovals } from "@/server/approvals/service";
import { route } from "@/server/http/route";

export const GET = route(listApprovalsContract, ({ db, staff, query }) => listApprovals({ db, actor: staff, input: query }));
