import { resetStaffSecondFactor } from "@/lib/contracts/staff";
import { resetMemberSecondFactor } from "@/server/auth/second-factor";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";

export const POST = route(resetStaffSecondFactor, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return resetMemberSecondFactor(staff, params.id, requestId);
});
