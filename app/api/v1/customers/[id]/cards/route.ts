import * as cardContracts from "@/lib/contracts/cards";
import { route } from "@/server/http/route";
import { readIssuedCards } from "@/server/customers/issued-cards";

export const GET = route(cardContracts.getCustomerCards, ({ db, params }) => readIssuedCards({ db, customerId: params.id }));
