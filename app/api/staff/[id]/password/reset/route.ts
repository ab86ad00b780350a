import { resetStaffPassword as resetStaffPasswordContract } from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { resetStaffPassword } from "@/server/staff/password";

export const POST = route(resetStaffPasswordContract, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return resetStaffPassword(await db(), staff, params.id, requestId);
});
