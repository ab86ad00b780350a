import { endStaffSessions as endStaffSessionsContract } from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { endStaffSessions } from "@/server/staff/sessions";

export const POST = route(endStaffSessionsContract, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return endStaffSessions(await db(), staff, params.id, staff.sessionId, requestId);
});
