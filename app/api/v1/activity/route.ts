import * as customerContracts from "@/lib/contracts/customers";
import { readActivity } from "@/server/audit/activity";
import { route } from "@/server/http/route";

export const GET = route(customerContracts.getActivity, ({ db, staff, query, requestId }) =>
  readActivity({ db, actor: staff, input: query, requestId }),
);
