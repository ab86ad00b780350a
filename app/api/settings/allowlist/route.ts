import * as securityContracts from "@/lib/contracts/security";
import { readAllowlist, saveAllowlist } from "@/server/auth/address-allowlist";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(securityContracts.getAllowlist, ({ db, request }) => readAllowlist({ db, headers: request.headers }));

const put = route(securityContracts.setAllowlist, async ({ db, staff, body, requestId, request }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return saveAllowlist({ db, actor: staff, input: body, requestId, headers: request.headers });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, put);
