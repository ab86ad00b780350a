import * as complianceContracts from "@/lib/contracts/compliance";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { revealBvn } from "@/server/compliance/bvn-lookup";

const post = route(complianceContracts.postBvnReveal, async ({ db, staff, params, requestId, auditAnswer }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return revealBvn({ db, actor: staff, input: params, requestId, auditAnswer });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
