import * as auditContracts from "@/lib/contracts/audit";
import { exportAuditTrail } from "@/server/audit/trail";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(auditContracts.getAuditExport, ({ db, staff, query, requestId, stillAdmitted }) =>
  exportAuditTrail({ db, actor: staff, input: query, requestId, stillAllowed: stillAdmitted }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
