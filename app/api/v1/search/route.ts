import { searchQuerySchema } from "@/lib/search/results";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { search } from "@/server/home/search";

// Every role may search; what comes back is filtered by the role's capabilities per kind.
export const GET = route({ capability: "account.self", action: "search", query: searchQuerySchema }, async ({ staff, query }) => ({
  results: await search(await db(), staff.role, query.q),
}));
