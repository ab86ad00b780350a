import { activityQuerySchema } from "@/lib/activity/activity";
import { activityHandler } from "@/server/audit/activity-handler";
import { legacyRoute as route } from "@/server/http/legacy-route";

/** Signed-in staff only here; the capability depends on the kind asked for and is checked by the handler. */
export const GET = route({ capability: "business.read", action: "activity.read", query: activityQuerySchema }, activityHandler);
