import { staffIdParams } from "@/lib/schemas/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { resetStaffPassword } from "@/server/staff/password";

export const POST = route({ capability: "staff.manage", action: "staff.password.reset", params: staffIdParams }, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return resetStaffPassword(await db(), staff, params.id, requestId);
});
