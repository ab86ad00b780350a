import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { openCustomer } from "@/server/customers/opened";
import { submitVerification } from "@/server/customers/verification-submit";

export const GET = route(customerContracts.getCardVerification, ({ db, staff, params, query, requestId }) =>
  openCustomer({ db, actor: staff, input: { id: params.id, refresh: query.refresh === "1" }, requestId }),
);

export const POST = route(customerContracts.postCardVerification, ({ db, staff, params, requestId }) =>
  submitVerification({ db, actor: staff, input: params, requestId }),
);
