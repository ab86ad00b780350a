import { z } from "zod";
import { bvnLookupIdSchema } from "@/lib/schemas/bvn";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { revealBvn } from "@/server/compliance/bvn-lookup";

export const POST = route({ capability: "bvn.lookup", action: "bvn.reveal", params: z.object({ id: bvnLookupIdSchema }) }, async ({ staff, params, requestId }) => {
  await requireRecentSecondFactor(staff);
  return revealBvn(staff, params.id, requestId);
});
