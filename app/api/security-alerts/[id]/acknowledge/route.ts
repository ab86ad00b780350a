import * as securityContracts from "@/lib/contracts/security";
import { acknowledgeSecurityAlert } from "@/server/alerts/service";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(securityContracts.acknowledgeSecurityAlert, ({ db, staff, params, requestId }) =>
  acknowledgeSecurityAlert({ db, actor: staff, input: params, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
