import { queryOptions } from "@tanstack/react-query";
import type { ContactUpdateInput } from "@/lib/customers/contact";
import { call } from "./call";
import {
  getCardVerification,
  getCustomerContact,
  getVerificationEvents,
  postCardVerification,
  postCustomerUpdate,
} from "@/lib/contracts/endpoints/customers";

/** While a decision is awaited, the panel re-reads the stored state (DB only, no upstream call). */
export const PENDING_POLL_MS = 3_000;

export const verificationQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "verification"],
    queryFn: ({ signal }) => call(getCardVerification, { params: { id: customerId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? PENDING_POLL_MS : false),
  });

/** Asks for an upstream check; the server makes it only if the shared minute has passed. */
export const refreshVerification = (customerId: string) =>
  call(getCardVerification, { params: { id: customerId }, query: { refresh: "1" } });

export const submitVerification = (customerId: string) => call(postCardVerification, { params: { id: customerId }, body: {} });

export const verificationEventsQuery = () =>
  queryOptions({
    queryKey: ["verification-events"],
    queryFn: ({ signal }) => call(getVerificationEvents, { signal }),
    refetchInterval: 10_000,
  });

export const customerContactQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "contact"],
    queryFn: ({ signal }) => call(getCustomerContact, { params: { id: customerId }, signal }),
  });

export const updateContact = (customerId: string, input: ContactUpdateInput) =>
  call(postCustomerUpdate, { params: { id: customerId }, body: input });
