import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { search } from "@/server/home/search";

const get = route(customerContracts.getSearch, async ({ db, staff, query }) => ({
  results: await search({ db, actor: staff, input: query }),
}));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
