import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { cardListProgress } from "@/server/finance/card-transactions";

export const GET = route(cardTransactionContracts.getCardListProgress, ({ params }) => ({ rowsRead: cardListProgress(params.id) }));
