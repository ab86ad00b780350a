import * as securityContracts from "@/lib/contracts/security";
import { listSecurityAlerts } from "@/server/alerts/service";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(securityContracts.listSecurityAlerts, ({ db, query }) => listSecurityAlerts({ db, input: query }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
