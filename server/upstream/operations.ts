import "server-only";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";
import { z } from "@/lib/validation/zod";
import {
  billCategoryEntryListSchema,
  billCategoryItemListSchema,
  billSchema,
  businessSchema,
  buildCreateCardRequest,
  bvnRecordSchema,
  cardTransactionSchema,
  cardVerificationSchema,
  collectionSchema,
  creditSimulationResponseSchema,
  last4Breach,
  parseCreateCardResponse,
  transactionSchema,
  updateCustomerResponseSchema,
  updateCustomerUpstreamSchema,
  type CreateCardResult,
  type CreditUpstreamBody,
  type UpdateCustomerUpstream,
} from "@/lib/schemas";
import { parseOrThrow } from "@/server/validate";
import { log } from "@/server/log";
import { maskSensitiveText } from "@/server/privacy";
import { upstreamErrors } from "./error-mapping";
import type { Operation, UpstreamResult } from "./http";

export type Call = <T>(op: Operation<T>) => Promise<UpstreamResult<T>>;

const anyJson = z.unknown();

/**
 * An answer that names another object than the one asked for (a provider or proxy mix-up) would be
 * saved and shown as the requested one's, an approval included, so it is refused as an invalid
 * answer (502). Every read of one object by its id goes through here.
 */
function about<T extends object>(
  schema: z.ZodType<T>,
  field: keyof T & string,
  requested: string,
  same: (value: unknown, requested: string) => boolean = names,
): z.ZodType<T> {
  return schema.refine((answer) => same(answer[field], requested), {
    message: `${field} is not the one requested`,
    path: [field],
  });
}

/**
 * Whether an answer's identifying field names the requested object. Absent is no mismatch: the
 * spec does not say which fields are always present.
 */
const names = (value: unknown, requested: string) => value === null || value === undefined || value === requested;

/**
 * A BVN record names another person when its `bvn` reads as a different 11-digit number, in any
 * script or spacing. A masked or otherwise reshaped echo (`222****2222`) is no evidence of a mix-up,
 * so it is not refused: a provider that masks the echo must not make every lookup fail.
 */
const namesBvn = (value: unknown, requested: string) => {
  if (typeof value !== "string") return names(value, requested);
  const digits = normalizeDigits(value).replace(/[\s-]/g, "");
  return !/^\d{11}$/.test(digits) || digits === requested;
};

/** One typed function per operation of the spec, plus `POST /cards`. Nothing else reaches the upstream. */
export function createOperations(call: Call) {
  const data = <T>(op: Operation<T>) => call(op).then((result) => result.data);
  return {
    getBusiness: () => data({ method: "GET", template: "/business", schema: businessSchema }),
    getTransaction: (id: string) =>
      data({ method: "GET", template: "/transactions/{id}", params: { id }, schema: about(transactionSchema, "id", id) }),
    getBill: (id: string) => data({ method: "GET", template: "/bills/{id}", params: { id }, schema: about(billSchema, "id", id) }),
    getBillCategory: (id: string) =>
      data({ method: "GET", template: "/bills/categories/{id}", params: { id }, schema: billCategoryEntryListSchema }),
    getBillCategoryItems: (id: string, itemId: string) =>
      data({
        method: "GET",
        template: "/bills/categories/{id}/items/{itemId}",
        params: { id, itemId },
        schema: billCategoryItemListSchema,
      }),
    /** Up to 50 MB with no paging, so the caller reads the body as it streams in (see card-list-read.ts). */
    getCardTransactions: <T>(id: string, read: (body: AsyncIterable<Uint8Array>) => Promise<T>) =>
      data({ method: "GET", template: "/cards/{id}/transactions", params: { id }, read }),
    /**
     * One page of the list as the provider's public docs describe it (`page` from 1, `limit` at
     * most 100), ending by `deadlineAt` so that all pages of one read share one deadline.
     */
    getCardTransactionsPage: <T>(
      id: string,
      page: { page: number; limit: number; deadlineAt: number },
      read: (body: AsyncIterable<Uint8Array>) => Promise<T>,
    ) =>
      data({
        method: "GET",
        template: "/cards/{id}/transactions",
        params: { id },
        query: { page: String(page.page), limit: String(page.limit) },
        deadlineAt: page.deadlineAt,
        read,
      }),
    getCardTransaction: (id: string, transactionId: string) =>
      data({
        method: "GET",
        template: "/cards/{id}/transactions/{transactionId}",
        params: { id, transactionId },
        schema: about(cardTransactionSchema, "id", transactionId),
      }),
    getCollection: (id: string) =>
      data({ method: "GET", template: "/collections/{id}", params: { id }, schema: about(collectionSchema, "id", id) }),
    lookupBvn: (number: string) =>
      data({ method: "POST", template: "/identity/bvn", body: { number }, schema: about(bvnRecordSchema, "bvn", number, namesBvn) }),
    /** An update with neither field is a 400 here, before anything is sent. */
    updateCustomer: async (id: string, body: UpdateCustomerUpstream) =>
      data({
        method: "POST",
        template: "/customers/{id}/update",
        params: { id },
        body: parseOrThrow(updateCustomerUpstreamSchema, body),
        schema: updateCustomerResponseSchema,
      }),
    /** The status code matters to the caller (the check is shared and rate-limited), so the whole result is returned. */
    getCardVerification: (id: string) =>
      call({
        method: "GET",
        template: "/customers/{id}/card-verification",
        params: { id },
        schema: about(cardVerificationSchema, "customer_id", id),
        retry: false,
      }),
    /** No body, per the spec. 202 = pending started or reused, 200 = approval reused. */
    submitCardVerification: (id: string) =>
      call({
        method: "POST",
        template: "/customers/{id}/card-verification",
        params: { id },
        schema: about(cardVerificationSchema, "customer_id", id),
      }),
    /** Only the spec's fields: our request's currency claim and collection id are ours, not the API's. */
    simulateCredit: (accountNo: string, { amount, sender }: CreditUpstreamBody) =>
      data({
        method: "POST",
        template: "/checkouts/{accountNo}/credit",
        params: { accountNo },
        body: { amount, sender },
        schema: creditSimulationResponseSchema,
      }),
    /** `POST /cards` is not in the spec; its request shape lives in lib/schemas/card.ts. */
    createCard: async (customerId: string) => {
      const result = await call({ method: "POST", template: "/cards", body: buildCreateCardRequest(customerId), schema: anyJson });
      const breach = last4Breach(result.data);
      if (breach !== null)
        log.warn(
          { operation: "POST /cards", field: "last4", received: maskSensitiveText(breach), length: breach.length },
          "upstream breach: last4 was not four digits; dropped",
        );
      let parsed: CreateCardResult;
      try {
        parsed = parseCreateCardResponse(result.data);
      } catch (error) {
        throw upstreamErrors.invalidResponse(error);
      }
      // A card or status of another customer must not be recorded as this one's.
      const owner = parsed.kind === "card" ? parsed.card.customer_id : parsed.verification.customer_id;
      if (!names(owner, customerId)) throw upstreamErrors.invalidResponse(new Error("POST /cards answered for another customer"));
      return { status: result.status, result: parsed };
    },
  };
}

export type UpstreamApi = ReturnType<typeof createOperations>;
