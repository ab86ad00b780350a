import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { resetStaffPassword } from "@/server/staff/password";

export const POST = route(staffContracts.resetStaffPassword, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return resetStaffPassword({ db, actor: staff, input: params, requestId });
});
