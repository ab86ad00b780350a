import { queryOptions } from "@tanstack/react-query";
import { billViewSchema } from "../finance/bill-view";
import type { CardTableState } from "../finance/card-table-state";
import { CARD_PAGE_SIZE, cardWindowSchema, cardWindowSearch, type CardWindow } from "../finance/card-window";
import { billCategoryEntryListSchema, billCategoryItemListSchema, cardTransactionSchema, collectionSchema, transactionSchema } from "../schemas";
import { bffFetch } from "../client/fetcher";

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

/**
 * Which snapshot of the card's list a window comes from: a pinned one (immutable, so never stale),
 * or a new view, numbered so that "refresh" and a released snapshot always ask the server again.
 */
export type CardListSource = { snapshot: string } | { generation: number; refresh: boolean };

/** A window with the view it was asked for, so a screen still showing the previous view knows which. */
export type ShownCardWindow = CardWindow & { view: CardTableState };

export const cardWindowQuery = (cardId: string, state: CardTableState, source: CardListSource, page: number) =>
  queryOptions({
    queryKey: ["card-window", cardId, source, state.sort, state.dir, state.status, state.type, state.q, state.from, state.to, state.tz, state.currency, page],
    queryFn: async ({ signal }): Promise<ShownCardWindow> => {
      const search = cardWindowSearch(state, { offset: page * CARD_PAGE_SIZE, ...("snapshot" in source ? { snapshot: source.snapshot } : { refresh: source.refresh }) });
      return { ...(await bffFetch(`/api/v1/cards/${e(cardId)}/transactions${search}`, cardWindowSchema, { signal })), view: state };
    },
    staleTime: "snapshot" in source ? Infinity : 0,
    // A new view's answer is only the way to its snapshot; once pinned it must not be served again.
    gcTime: "snapshot" in source ? 5 * 60_000 : 0,
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
