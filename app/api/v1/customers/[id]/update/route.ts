import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { updateContact } from "@/server/customers/contact-update";

export const POST = route(customerContracts.postCustomerUpdate, ({ db, staff, params, body, requestId }) =>
  updateContact({ db, actor: staff, input: { ...body, ...params }, requestId }),
);
