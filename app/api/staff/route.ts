import { createStaff as createStaffContract, listStaff as listStaffContract } from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { createStaff, listStaff } from "@/server/staff/service";

export const GET = route(listStaffContract, async () => listStaff(await db()));

export const POST = route(createStaffContract, async ({ staff, body, requestId }) => {
  await requireRecentSecondFactor(staff);
  return createStaff(await db(), staff, body, requestId);
});
