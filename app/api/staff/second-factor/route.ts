import * as staffContracts from "@/lib/contracts/staff";
import { secondFactorOverview, updateSecondFactorPolicy } from "@/server/auth/second-factor-overview";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";

export const GET = route(staffContracts.getSecondFactorOverview, ({ db }) => secondFactorOverview(db));

export const POST = route(staffContracts.setSecondFactorPolicy, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return updateSecondFactorPolicy({ db, actor: staff, input: body, requestId });
});
