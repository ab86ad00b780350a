import * as securityContracts from "@/lib/contracts/security";
import { acknowledgeSecurityAlert } from "@/server/alerts/service";
import { route } from "@/server/http/route";

export const POST = route(securityContracts.acknowledgeSecurityAlert, ({ db, staff, params, requestId }) =>
  acknowledgeSecurityAlert({ db, actor: staff, input: params, requestId }),
);
