import { getOwnPreferences, updateOwnPreferences } from "@/lib/contracts/account";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { readPreferences, updatePreferences } from "@/server/staff/preferences";

export const GET = route(getOwnPreferences, async ({ staff }) => readPreferences(await db(), staff));

export const PATCH = route(updateOwnPreferences, async ({ staff, body, requestId }) =>
  updatePreferences(await db(), staff, body, requestId),
);
