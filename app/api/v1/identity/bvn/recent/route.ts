import * as complianceContracts from "@/lib/contracts/compliance";
import { route } from "@/server/http/route";
import { checkRecentLookups } from "@/server/compliance/bvn-lookup";

export const POST = route(complianceContracts.postBvnRecent, ({ db, body }) => checkRecentLookups({ db, input: body }));
