import { contactUpdateSchema } from "@/lib/customers/contact";
import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { updateContact } from "@/server/customers/contact-update";

export const POST = route(
  { capability: "customer.contact.edit", action: "customer.contact.update", params: idParams, body: contactUpdateSchema },
  ({ params, body, staff, requestId }) => updateContact(params.id, body, staff, requestId),
);
