import * as auditContracts from "@/lib/contracts/audit";
import { listAuditTrail } from "@/server/audit/trail";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(auditContracts.getAudit, ({ db, query }) => listAuditTrail({ db, input: query }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
