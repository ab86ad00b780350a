import { queryOptions } from "@tanstack/react-query";
import { billViewSchema } from "../finance/bill-view";
import { compactCardRowsSchema, fromCompactRows } from "../finance/card-rows";
import { billCategoryEntryListSchema, billCategoryItemListSchema, cardTransactionSchema, collectionSchema, transactionSchema } from "../schemas";
import { bffFetch } from "./fetcher";

const e = encodeURIComponent;
// Payments change state (pending → success), so reads are fresh for a short while only.
const FRESH = 30_000;

export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: ["transaction", id],
    queryFn: ({ signal }) => bffFetch(`/api/v1/transactions/${e(id)}`, transactionSchema, { signal }),
    staleTime: FRESH,
  });

export const billQuery = (id: string) =>
  queryOptions({
    queryKey: ["bill", id],
    queryFn: ({ signal }) => bffFetch(`/api/v1/bills/${e(id)}`, billViewSchema, { signal }),
    staleTime: FRESH,
  });

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ["collection", id],
    queryFn: ({ signal }) => bffFetch(`/api/v1/collections/${e(id)}`, collectionSchema, { signal }),
    staleTime: FRESH,
  });

export const cardRowsQuery = (cardId: string) =>
  queryOptions({
    queryKey: ["card-transactions", cardId],
    queryFn: async ({ signal }) => fromCompactRows(await bffFetch(`/api/v1/cards/${e(cardId)}/transactions`, compactCardRowsSchema, { signal })),
    staleTime: FRESH,
  });

export const cardTransactionQuery = (cardId: string, transactionId: string) =>
  queryOptions({
    queryKey: ["card-transaction", cardId, transactionId],
    queryFn: ({ signal }) => bffFetch(`/api/v1/cards/${e(cardId)}/transactions/${e(transactionId)}`, cardTransactionSchema, { signal }),
    staleTime: FRESH,
  });

// The catalogue changes rarely.
export const billCategoryQuery = (id: string) =>
  queryOptions({
    queryKey: ["bill-category", id],
    queryFn: ({ signal }) => bffFetch(`/api/v1/bills/categories/${e(id)}`, billCategoryEntryListSchema, { signal }),
    staleTime: 5 * 60_000,
  });

export const billItemsQuery = (id: string, itemId: string) =>
  queryOptions({
    queryKey: ["bill-items", id, itemId],
    queryFn: ({ signal }) => bffFetch(`/api/v1/bills/categories/${e(id)}/items/${e(itemId)}`, billCategoryItemListSchema, { signal }),
    staleTime: 5 * 60_000,
  });
