import { sessionIdParams } from "@/lib/schemas/sessions";
import { route } from "@/server/bff/route";
import { db } from "@/server/db/client";
import { endOwnSession } from "@/server/staff/sessions";

export const POST = route({ capability: "account.self", action: "account.sessions.end", params: sessionIdParams }, async ({ staff, params, requestId }) =>
  endOwnSession(await db(), staff, params.id, requestId),
);
