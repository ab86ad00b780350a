import { z } from "zod";
import { timeZoneSchema } from "../time/zone";

/** `PATCH /api/account/preferences`: null goes back to following the browser's zone. */
export const updatePreferencesSchema = z.object({
  timeZone: timeZoneSchema.nullable(),
});
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;

/** What the server holds for the member; the zone was checked when it was saved. */
export const preferencesSchema = z.object({ timeZone: z.string().nullable() });
export type Preferences = z.infer<typeof preferencesSchema>;
