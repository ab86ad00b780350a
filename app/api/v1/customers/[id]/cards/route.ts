import { getCustomerCards } from "@/lib/contracts/cards";
import { route } from "@/server/http/route";
import { readIssuedCards } from "@/server/customers/issued-cards";

export const GET = route(getCustomerCards, ({ db, params }) => readIssuedCards({ db, customerId: params.id }));
