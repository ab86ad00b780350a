import { z } from "zod";
import { bvnLookupIdSchema } from "@/lib/schemas/bvn";
import { route } from "@/server/bff/route";
import { revealBvn } from "@/server/compliance/bvn-lookup";

export const POST = route({ capability: "bvn.lookup", action: "bvn.reveal", params: z.object({ id: bvnLookupIdSchema }) }, ({ staff, params, requestId }) =>
  revealBvn(staff, params.id, requestId),
);
