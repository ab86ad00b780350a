import { z } from "@/lib/validation/zod";
import {
  billCategoryEntryListSchema,
  billCategoryItemListSchema,
  billDetailSchema,
  collectionSchema,
  creditSimulationRequestSchema,
  creditSimulationResponseSchema,
  transactionSchema,
} from "@/lib/schemas";
import { transactionShape } from "@/lib/schemas/transaction";
import { accountNoParams, billItemsParams, idParams } from "@/lib/route-params";
import { contract } from "./contract";
import { UPSTREAM_ERRORS } from "./errors";

/**
 * A bill as the browser receives it: every field of the upstream bill except the token (a prepaid
 * token or PIN that can be redeemed), which only travels after an audited reveal request.
 */
export const billViewSchema = z.object({
  ...transactionShape,
  bill: billDetailSchema.omit({ token: true }).extend({ has_token: z.boolean() }).nullable(),
});
export type BillView = z.infer<typeof billViewSchema>;

export const billTokenSchema = z.object({ token: z.string().nullable() });
export type BillToken = z.infer<typeof billTokenSchema>;

export const getTransaction = contract({
  method: "GET",
  path: "/api/v1/transactions/[id]",
  capability: "finance.read",
  action: "transaction.read",
  params: idParams,
  response: transactionSchema,
  errors: UPSTREAM_ERRORS,
});

/** The bill with its token withheld; the token needs the audited POST …/token. */
export const getBill = contract({
  method: "GET",
  path: "/api/v1/bills/[id]",
  capability: "finance.read",
  action: "bill.read",
  params: idParams,
  response: billViewSchema,
  errors: UPSTREAM_ERRORS,
});

/** Reveals a bill's token (prepaid token or PIN); a POST because it writes an audit entry. */
export const postBillToken = contract({
  method: "POST",
  path: "/api/v1/bills/[id]/token",
  capability: "finance.read",
  action: "bill.token.reveal",
  params: idParams,
  response: billTokenSchema,
  errors: UPSTREAM_ERRORS,
  reveals: ["token"],
});

export const getBillCategory = contract({
  method: "GET",
  path: "/api/v1/bills/categories/[id]",
  capability: "finance.read",
  action: "bill_category.read",
  params: idParams,
  response: billCategoryEntryListSchema,
  errors: UPSTREAM_ERRORS,
});

export const getBillItems = contract({
  method: "GET",
  path: "/api/v1/bills/categories/[id]/items/[itemId]",
  capability: "finance.read",
  action: "bill_items.read",
  params: billItemsParams,
  response: billCategoryItemListSchema,
  errors: UPSTREAM_ERRORS,
});

export const getCollection = contract({
  method: "GET",
  path: "/api/v1/collections/[id]",
  capability: "finance.read",
  action: "collection.read",
  params: idParams,
  response: collectionSchema,
  errors: UPSTREAM_ERRORS,
});

/**
 * A simulated incoming credit (sandbox only), once per sender reference. The body schema is the
 * request's shape for the client; the route checks the environment before it validates the body
 * (server/finance/credit.ts), so in production nothing sent is even read. A repeat answers the first
 * answer again, failures included, so every code a first attempt may store is declared. The body
 * adds two fields to the spec's: the account's currency, whose minor digits the amount is read
 * with, and the collection id, by which the handler checks that currency against the account.
 */
export const postCredit = contract({
  method: "POST",
  path: "/api/v1/checkouts/[accountNo]/credit",
  capability: "credit.simulate",
  action: "credit.simulate",
  params: accountNoParams,
  body: creditSimulationRequestSchema,
  response: creditSimulationResponseSchema,
  sandboxOnly: true,
  errors: [...UPSTREAM_ERRORS, "duplicate_reference", "credit_in_progress", "credit_outcome_unknown"],
});
