import * as cardContracts from "@/lib/contracts/cards";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readIssuedCards } from "@/server/customers/issued-cards";

const get = route(cardContracts.getCustomerCards, ({ db, params }) => readIssuedCards({ db, customerId: params.id }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
