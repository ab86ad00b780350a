import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { search } from "@/server/home/search";

export const GET = route(customerContracts.getSearch, async ({ db, staff, query }) => ({
  results: await search({ db, actor: staff, input: query }),
}));
