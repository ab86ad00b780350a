import { queryOptions } from "@tanstack/react-query";
import {
  getBill,
  getBillCategory,
  getBillItems,
  getCollection,
  getTransaction,
  postBillToken,
  postCredit,
} from "@/lib/contracts/endpoints/finance";
import type { BodyInput } from "@/lib/contracts/contract";
import type * as financeContracts from "@/lib/contracts/finance";
import { call } from "./call";

// Payments change state (pending → success), so reads are fresh for a short while only.
const FRESH = 30_000;

export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: ["transaction", id],
    queryFn: ({ signal }) => call(getTransaction, { params: { id }, signal }),
    staleTime: FRESH,
  });

export const billQuery = (id: string) =>
  queryOptions({
    queryKey: ["bill", id],
    queryFn: ({ signal }) => call(getBill, { params: { id }, signal }),
    staleTime: FRESH,
  });

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ["collection", id],
    queryFn: ({ signal }) => call(getCollection, { params: { id }, signal }),
    staleTime: FRESH,
  });

// The catalogue changes rarely.
export const billCategoryQuery = (id: string) =>
  queryOptions({
    queryKey: ["bill-category", id],
    queryFn: ({ signal }) => call(getBillCategory, { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

export const billItemsQuery = (id: string, itemId: string) =>
  queryOptions({
    queryKey: ["bill-items", id, itemId],
    queryFn: ({ signal }) => call(getBillItems, { params: { id, itemId }, signal }),
    staleTime: 5 * 60_000,
  });

/** The bill's token; each reveal is audited, so it is never cached. */
export const revealBillToken = (billId: string) => call(postBillToken, { params: { id: billId } });

/** What the credit form sends: the amount as typed ("1,000.50") or a number. */
export type CreditRequest = BodyInput<typeof financeContracts.postCredit>;

/** A simulated incoming credit to a collection account (sandbox only). */
export const simulateCredit = (accountNo: string, body: CreditRequest) => call(postCredit, { params: { accountNo }, body });
