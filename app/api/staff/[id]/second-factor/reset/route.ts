import * as staffContracts from "@/lib/contracts/staff";
import { resetMemberSecondFactor } from "@/server/auth/second-factor";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";

export const POST = route(staffContracts.resetStaffSecondFactor, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return resetMemberSecondFactor({ db, actor: staff, input: { memberId: params.id }, requestId });
});
