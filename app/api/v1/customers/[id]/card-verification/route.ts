import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { readVerification } from "@/server/customers/verification-check";
import { submitVerification } from "@/server/customers/verification-submit";

export const GET = route(customerContracts.getCardVerification, ({ db, staff, params, query, requestId }) =>
  readVerification({ db, actor: staff, input: { id: params.id, refresh: query.refresh === "1" }, requestId }),
);

export const POST = route(customerContracts.postCardVerification, ({ db, staff, params, requestId }) =>
  submitVerification({ db, actor: staff, input: params, requestId }),
);
