import { staffIdParams } from "@/lib/schemas/staff";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { sessionIdOf } from "@/server/auth/session-id";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { db } from "@/server/db/client";
import { endStaffSessions } from "@/server/staff/sessions";

export const POST = route({ capability: "staff.sessions", action: "staff.sessions.end", params: staffIdParams }, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return endStaffSessions(await db(), staff, params.id, sessionIdOf(staff), requestId);
});
