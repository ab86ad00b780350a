import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { endStaffSessions } from "@/server/staff/sessions";

export const POST = route(staffContracts.endStaffSessions, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return endStaffSessions({ db, actor: staff, input: params, requestId, adminSessionId: staff.sessionId });
});
