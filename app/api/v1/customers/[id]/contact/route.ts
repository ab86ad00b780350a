import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { readContact } from "@/server/customers/contacts";

export const GET = route(customerContracts.getCustomerContact, ({ db, params }) => readContact(db, params.id));
