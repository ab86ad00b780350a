import * as auditContracts from "@/lib/contracts/audit";
import { listAuditTrail } from "@/server/audit/trail";
import { route } from "@/server/http/route";

export const GET = route(auditContracts.getAudit, ({ db, query }) => listAuditTrail({ db, input: query }));
