import * as customerContracts from "@/lib/contracts/customers";
import { readActivity } from "@/server/audit/activity";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(customerContracts.getActivity, ({ db, staff, query, requestId }) =>
  readActivity({ db, actor: staff, input: query, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
