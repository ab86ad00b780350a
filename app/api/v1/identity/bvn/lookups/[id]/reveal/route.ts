import { postBvnReveal } from "@/lib/contracts/compliance";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { revealBvn } from "@/server/compliance/bvn-lookup";

export const POST = route(postBvnReveal, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return revealBvn(staff, params.id, requestId);
});
