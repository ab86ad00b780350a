import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { updateContact } from "@/server/customers/contact-update";

const post = route(customerContracts.postCustomerUpdate, ({ db, staff, params, body, requestId }) =>
  updateContact({ db, actor: staff, input: { ...body, ...params }, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
