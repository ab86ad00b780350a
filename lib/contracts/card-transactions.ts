import { z } from "@/lib/validation/zod";
import { cardTransactionSchema } from "@/lib/schemas";
import { cardExportQuerySchema, cardWindowQuerySchema, cardWindowSchema } from "@/lib/finance/card-window";
import { cardTransactionParams, idParams } from "@/lib/route-params";
import { contract, fileResponse } from "./contract";
import { UPSTREAM_ERRORS } from "./errors";

// A pinned snapshot this instance no longer holds (server/finance/card-snapshots.ts).
const SNAPSHOT_ERRORS = [...UPSTREAM_ERRORS, "snapshot_expired"] as const;

/** One window of the card's transactions, filtered and sorted on the server (lib/finance/card-window.ts). */
export const getCardWindow = contract({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions",
  capability: "finance.read",
  action: "card_transactions.read",
  params: idParams,
  query: cardWindowQuerySchema,
  response: cardWindowSchema,
  errors: SNAPSHOT_ERRORS,
});

export const getCardTransaction = contract({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/[transactionId]",
  capability: "finance.read",
  action: "card_transaction.read",
  params: cardTransactionParams,
  response: cardTransactionSchema,
  errors: UPSTREAM_ERRORS,
});

/** The rows of a table view as CSV, from the snapshot the view shows. */
export const getCardExport = contract({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/export",
  capability: "finance.read",
  action: "card_transactions.export",
  params: idParams,
  query: cardExportQuerySchema,
  response: fileResponse,
  errors: SNAPSHOT_ERRORS,
});

/** Rows of the card's list read so far while this instance loads it; `null` when it is not loading one. */
export const getCardListProgress = contract({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/progress",
  capability: "finance.read",
  action: "card_transactions.read",
  params: idParams,
  response: z.object({ rowsRead: z.number().int().nullable() }),
  errors: [],
});
