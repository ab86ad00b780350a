import { getSecondFactorOverview, setSecondFactorPolicy } from "@/lib/contracts/staff";
import { secondFactorOverview, updateSecondFactorPolicy } from "@/server/auth/second-factor-overview";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";

export const GET = route(getSecondFactorOverview, async () => secondFactorOverview(await db()));

export const POST = route(setSecondFactorPolicy, async ({ staff, body, requestId }) => {
  await requireRecentSecondFactor(staff);
  return updateSecondFactorPolicy(await db(), staff, body, requestId);
});
