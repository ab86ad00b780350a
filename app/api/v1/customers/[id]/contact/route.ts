import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readContact } from "@/server/customers/contacts";

const get = route(customerContracts.getCustomerContact, ({ db, params }) => readContact(db, params.id));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
