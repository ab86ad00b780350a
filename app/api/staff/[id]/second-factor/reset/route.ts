import { staffIdParams } from "@/lib/schemas/staff";
import { resetMemberSecondFactor } from "@/server/auth/second-factor";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";

// A member who lost both the phone and the recovery codes: an administrator turns their 2FA off.
export const POST = route({ capability: "staff.manage", action: "staff.second_factor.reset", params: staffIdParams }, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return resetMemberSecondFactor(staff, params.id, requestId);
});
