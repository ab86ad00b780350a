import * as staffContracts from "@/lib/contracts/staff";
import { resetMemberSecondFactor } from "@/server/auth/second-factor";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(staffContracts.resetStaffSecondFactor, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return resetMemberSecondFactor({ db, actor: staff, input: { memberId: params.id }, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
