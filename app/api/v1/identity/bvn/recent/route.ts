import * as complianceContracts from "@/lib/contracts/compliance";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { checkRecentLookups } from "@/server/compliance/bvn-lookup";

const post = route(complianceContracts.postBvnRecent, ({ db, body }) => checkRecentLookups({ db, input: body }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
