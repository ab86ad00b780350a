import * as auditContracts from "@/lib/contracts/audit";
import { exportAuditTrail } from "@/server/audit/trail";
import { route } from "@/server/http/route";

export const GET = route(auditContracts.getAuditExport, ({ db, staff, query, requestId, stillAdmitted }) =>
  exportAuditTrail({ db, actor: staff, input: query, requestId, stillAllowed: stillAdmitted }),
);
