import { getCustomerCards } from "@/lib/contracts/cards";
import { route } from "@/server/http/route";
import { readIssuedCards } from "@/server/customers/issued-cards";

export const GET = route(getCustomerCards, ({ params }) => readIssuedCards(params.id));
