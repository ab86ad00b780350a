import * as complianceContracts from "@/lib/contracts/compliance";
import { route } from "@/server/http/route";
import { lookupBvn } from "@/server/compliance/bvn-lookup";
import { upstream } from "@/server/upstream/client";

export const POST = route(complianceContracts.postBvnLookup, ({ db, staff, body, requestId }) =>
  lookupBvn({ db, actor: staff, input: body, requestId, api: upstream() }),
);
