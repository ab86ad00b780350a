import * as complianceContracts from "@/lib/contracts/compliance";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { revealBvn } from "@/server/compliance/bvn-lookup";

export const POST = route(complianceContracts.postBvnReveal, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return revealBvn({ db, actor: staff, input: params, requestId });
});
