import type * as cardTransactions from "@/lib/contracts/card-transactions";
import { endpoint } from "./endpoint";

export const getCardExport = endpoint<typeof cardTransactions.getCardExport>({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/export",
});
export const getCardListProgress = endpoint<typeof cardTransactions.getCardListProgress>({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/progress",
});
export const getCardTransaction = endpoint<typeof cardTransactions.getCardTransaction>({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/[transactionId]",
});
export const getCardWindow = endpoint<typeof cardTransactions.getCardWindow>({ method: "GET", path: "/api/v1/cards/[id]/transactions" });
