import { cardTransactionParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { readCardTransaction } from "@/server/finance/card-transactions";

export const GET = route(
  { capability: "finance.read", action: "card_transaction.read", params: cardTransactionParams },
  ({ staff, params }) => readCardTransaction(staff, params.id, params.transactionId),
);
