import { bvnLookupRequestSchema } from "@/lib/schemas/bvn";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { lookupBvn } from "@/server/compliance/bvn-lookup";
import { upstream } from "@/server/upstream/client";

export const POST = route({ capability: "bvn.lookup", action: "bvn.lookup", body: bvnLookupRequestSchema }, ({ staff, body, requestId }) =>
  lookupBvn(staff, body, requestId, { api: upstream() }),
);
