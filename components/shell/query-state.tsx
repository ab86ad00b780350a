"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState, LoadingState, NotFoundState } from "@/components/ui";
import { BffError } from "@/lib/client/fetcher";

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

export function QueryErrorState({ error, notFound, onRetry }: { error: unknown; notFound: Props<unknown>["notFound"]; onRetry: () => void }) {
  if (error instanceof BffError && error.status === 404) return <NotFoundState title={notFound.title} message={notFound.message} />;
  if (error instanceof BffError && error.status === 403) {
    return <ErrorState title="Not available to your role" message={error.message} />;
  }
  return (
    <ErrorState title="This could not be loaded" message={error instanceof BffError ? error.message : "Something went wrong. Try again."} onRetry={onRetry} />
  );
}
