import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { endStaffSessions } from "@/server/staff/sessions";

const post = route(staffContracts.endStaffSessions, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return endStaffSessions({ db, actor: staff, input: params, requestId, adminSessionId: staff.sessionId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
