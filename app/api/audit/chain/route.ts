import * as auditContracts from "@/lib/contracts/audit";
import { checkAuditChain } from "@/server/audit/trail";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(auditContracts.getAuditChain, ({ db }) => checkAuditChain({ db }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
