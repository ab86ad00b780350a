import * as securityContracts from "@/lib/contracts/security";
import { listSecurityAlerts } from "@/server/alerts/service";
import { route } from "@/server/http/route";

export const GET = route(securityContracts.listSecurityAlerts, ({ db, query }) => listSecurityAlerts({ db, input: query }));
