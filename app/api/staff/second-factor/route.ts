import * as staffContracts from "@/lib/contracts/staff";
import { secondFactorOverview, updateSecondFactorPolicy } from "@/server/auth/second-factor-overview";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(staffContracts.getSecondFactorOverview, ({ db }) => secondFactorOverview(db));

const post = route(staffContracts.setSecondFactorPolicy, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return updateSecondFactorPolicy({ db, actor: staff, input: body, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);
