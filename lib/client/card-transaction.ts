import { queryOptions } from "@tanstack/react-query";
import { getCardTransaction } from "@/lib/contracts/endpoints/card-transactions";
import { call } from "./call";

// Apart from card-transactions.ts (the list's windows, its CSV and its progress), which the
// transaction's own page does not need.
export const cardTransactionQuery = (cardId: string, transactionId: string) =>
  queryOptions({
    queryKey: ["card-transaction", cardId, transactionId],
    queryFn: ({ signal }) => call(getCardTransaction, { params: { id: cardId, transactionId }, signal }),
    staleTime: 30_000,
  });
