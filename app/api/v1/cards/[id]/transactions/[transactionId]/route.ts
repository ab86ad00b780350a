import { cardTransactionParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { upstream } from "@/server/upstream/client";

export const GET = route(
  { capability: "finance.read", action: "card_transaction.read", params: cardTransactionParams },
  ({ params }) => upstream().getCardTransaction(params.id, params.transactionId),
);
