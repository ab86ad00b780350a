import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { cardListProgress } from "@/server/finance/card-transactions";

const get = route(cardTransactionContracts.getCardListProgress, ({ params }) => ({ rowsRead: cardListProgress(params.id) }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
