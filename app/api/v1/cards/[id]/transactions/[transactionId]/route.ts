import { cardTransactionParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readCardTransaction } from "@/server/finance/card-transactions";

export const GET = route(
  { capability: "finance.read", action: "card_transaction.read", params: cardTransactionParams },
  ({ staff, params }) => readCardTransaction(staff, params.id, params.transactionId),
);
