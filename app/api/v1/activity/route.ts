import { getActivity } from "@/lib/contracts/customers";
import { activityHandler } from "@/server/audit/activity-handler";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";

export const GET = route(getActivity, async ({ staff, query, requestId }) => activityHandler(await db(), staff, query, requestId));
