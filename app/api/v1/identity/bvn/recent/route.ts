import { bvnRecentRequestSchema } from "@/lib/schemas/bvn";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { checkRecentLookups } from "@/server/compliance/bvn-lookup";

// POST, not GET: the BVN must never appear in a URL.
export const POST = route({ capability: "bvn.lookup", action: "bvn.recent_check", body: bvnRecentRequestSchema }, ({ body }) =>
  checkRecentLookups(body.number),
);
