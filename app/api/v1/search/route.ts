import { getSearch } from "@/lib/contracts/customers";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { search } from "@/server/home/search";

export const GET = route(getSearch, async ({ staff, query }) => ({ results: await search(await db(), staff.role, query.q) }));
