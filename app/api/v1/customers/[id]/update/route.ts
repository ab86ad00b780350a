import { contactUpdateSchema } from "@/lib/customers/contact";
import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { updateContact } from "@/server/customers/contact-update";

export const POST = route(
  { capability: "customer.contact.edit", action: "customer.contact.update", params: idParams, body: contactUpdateSchema },
  ({ params, body, staff, requestId }) => updateContact(params.id, body, staff, requestId),
);
