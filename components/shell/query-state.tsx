"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { LoadingState } from "@/components/ui/loading-state";
import { BffError } from "@/lib/client/fetcher";
import type { RareFailure } from "./failure-states";

// Not found, not for this role and a dated outage load when one is shown. A plain failure is drawn
// without waiting: the network may be what failed, and then a part loaded on use would not arrive.
const RareQueryError = lazyPart(() => import("./failure-states"), "RareQueryError");

type Props<T> = {
  query: UseQueryResult<T>;
  notFound: { title: string; message: string };
  /** What the payments API is being asked for, said while the answer is slow ("the transaction"); unset for our own data. */
  waitingFor?: string;
  children: (data: T) => ReactNode;
};

/** The loading, not-found, forbidden and error states every data view shares. */
export function QueryState<T>({ query, notFound, waitingFor, children }: Props<T>) {
  if (query.isPending) return <LoadingState waitingFor={waitingFor} />;
  if (query.isError) return <QueryErrorState error={query.error} notFound={notFound} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

export function QueryErrorState({
  error,
  notFound,
  onRetry,
}: {
  error: unknown;
  notFound: Props<unknown>["notFound"];
  onRetry: () => void;
}) {
  const rare = rareFailureOf(error, notFound);
  if (rare) return <RareQueryError failure={rare} onRetry={onRetry} />;
  return (
    <ErrorState
      title="This could not be loaded"
      message={error instanceof BffError ? error.message : "Something went wrong. Try again."}
      onRetry={onRetry}
    />
  );
}

/** The failure RareQueryError draws, or null for a plain one (drawn here, without loading anything). */
function rareFailureOf(error: unknown, notFound: Props<unknown>["notFound"]): RareFailure | null {
  if (!(error instanceof BffError)) return null;
  if (error.status === 404) return { kind: "not-found", ...notFound };
  if (error.status === 403) return { kind: "forbidden", message: error.message };
  if (error.retryAt !== undefined) return { kind: "retry-later", error, retryAt: error.retryAt };
  return null;
}
