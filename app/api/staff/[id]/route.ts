import { staffIdParams, updateStaffSchema } from "@/lib/schemas/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { updateStaff } from "@/server/staff/service";

export const PATCH = route({ capability: "staff.manage", action: "staff.update", params: staffIdParams, body: updateStaffSchema }, async ({ staff, params, body, requestId }) => {
  await requireRecentSecondFactor(staff);
  return updateStaff(await db(), staff, params.id, body, requestId);
});
