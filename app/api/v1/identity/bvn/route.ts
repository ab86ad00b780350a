import * as complianceContracts from "@/lib/contracts/compliance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { lookupBvn } from "@/server/compliance/bvn-lookup";
import { upstream } from "@/server/upstream/client";

const post = route(complianceContracts.postBvnLookup, ({ db, staff, body, requestId }) =>
  lookupBvn({ db, actor: staff, input: body, requestId, api: upstream() }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
