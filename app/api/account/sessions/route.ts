import { legacyRoute as route } from "@/server/http/legacy-route";
import { sessionIdOf } from "@/server/auth/session-id";
import { db } from "@/server/db/client";
import { listOwnSessions } from "@/server/staff/sessions";

export const GET = route({ capability: "account.self", action: "account.sessions.list" }, async ({ staff }) => listOwnSessions(await db(), staff, sessionIdOf(staff)));
