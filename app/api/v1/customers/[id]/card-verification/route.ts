import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { openCustomer } from "@/server/customers/opened";
import { submitVerification } from "@/server/customers/verification-submit";

const get = route(customerContracts.getCardVerification, ({ db, staff, params, query, requestId }) =>
  openCustomer({ db, actor: staff, input: { id: params.id, refresh: query.refresh === "1" }, requestId }),
);

const post = route(customerContracts.postCardVerification, ({ db, staff, params, requestId }) =>
  submitVerification({ db, actor: staff, input: params, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);
