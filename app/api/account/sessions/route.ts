import { listOwnSessions as listOwnSessionsContract } from "@/lib/contracts/account";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { listOwnSessions } from "@/server/staff/sessions";

export const GET = route(listOwnSessionsContract, async ({ staff }) => listOwnSessions(await db(), staff, staff.sessionId));
