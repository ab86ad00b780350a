import { queryOptions } from "@tanstack/react-query";
import { verificationEventListSchema, verificationViewSchema, type VerificationView } from "../customers/verification-view";
import { bffFetch } from "../client/fetcher";

/** While a decision is awaited, the panel re-reads the stored state (DB only, no upstream call). */
export const PENDING_POLL_MS = 3_000;

const verificationPath = (id: string) => `/api/v1/customers/${encodeURIComponent(id)}/card-verification`;

export const verificationQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "verification"],
    queryFn: ({ signal }) => bffFetch(verificationPath(customerId), verificationViewSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? PENDING_POLL_MS : false),
  });

/** Asks for an upstream check; the server makes it only if the shared minute has passed. */
export function refreshVerification(customerId: string): Promise<VerificationView> {
  return bffFetch(`${verificationPath(customerId)}?refresh=1`, verificationViewSchema);
}

export const verificationEventsQuery = () =>
  queryOptions({
    queryKey: ["verification-events"],
    queryFn: ({ signal }) => bffFetch("/api/v1/verification-events", verificationEventListSchema, { signal }),
    refetchInterval: 10_000,
  });
