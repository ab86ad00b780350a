import { updateStaff as updateStaffContract } from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { updateStaff } from "@/server/staff/service";

export const PATCH = route(updateStaffContract, async ({ staff, params, body, requestId }) => {
  await requireRecentSecondFactor(staff);
  return updateStaff(await db(), staff, params.id, body, requestId);
});
