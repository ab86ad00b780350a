import { postBvnRecent } from "@/lib/contracts/compliance";
import { route } from "@/server/http/route";
import { checkRecentLookups } from "@/server/compliance/bvn-lookup";

export const POST = route(postBvnRecent, ({ body }) => checkRecentLookups(body.number));
