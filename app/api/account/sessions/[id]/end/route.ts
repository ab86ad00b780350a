import { sessionIdParams } from "@/lib/schemas/sessions";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { endOwnSession } from "@/server/staff/sessions";

export const POST = route({ capability: "account.self", action: "account.sessions.end", params: sessionIdParams }, async ({ staff, params, requestId }) =>
  endOwnSession(await db(), staff, params.id, requestId),
);
