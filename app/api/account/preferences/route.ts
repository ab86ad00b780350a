import { updatePreferencesSchema } from "@/lib/schemas/preferences";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { readPreferences, updatePreferences } from "@/server/staff/preferences";

export const GET = route({ capability: "account.self", action: "account.preferences.read" }, async ({ staff }) => readPreferences(await db(), staff));

export const PATCH = route({ capability: "account.self", action: "account.preferences.update", body: updatePreferencesSchema }, async ({ staff, body, requestId }) =>
  updatePreferences(await db(), staff, body, requestId),
);
