import * as auditContracts from "@/lib/contracts/audit";
import { checkAuditChain } from "@/server/audit/trail";
import { route } from "@/server/http/route";

export const GET = route(auditContracts.getAuditChain, ({ db }) => checkAuditChain({ db }));
