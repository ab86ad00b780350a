import { postCustomerUpdate } from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { updateContact } from "@/server/customers/contact-update";

export const POST = route(postCustomerUpdate, ({ params, body, staff, requestId }) => updateContact(params.id, body, staff, requestId));
