import { postBvnLookup } from "@/lib/contracts/compliance";
import { route } from "@/server/http/route";
import { lookupBvn } from "@/server/compliance/bvn-lookup";
import { upstream } from "@/server/upstream/client";

export const POST = route(postBvnLookup, ({ staff, body, requestId }) => lookupBvn(staff, body, requestId, { api: upstream() }));
