import { createStaffSchema } from "@/lib/schemas/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { createStaff, listStaff } from "@/server/staff/service";

export const GET = route({ capability: "staff.manage", action: "staff.list" }, async () => listStaff(await db()));

export const POST = route({ capability: "staff.manage", action: "staff.create", body: createStaffSchema }, async ({ staff, body, requestId }) => {
  await requireRecentSecondFactor(staff);
  return createStaff(await db(), staff, body, requestId);
});
