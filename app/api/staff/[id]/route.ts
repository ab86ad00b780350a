import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { updateStaff } from "@/server/staff/service";

export const PATCH = route(staffContracts.updateStaff, async ({ db, staff, params, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return updateStaff({ db, actor: staff, input: { ...params, ...body }, requestId });
});
