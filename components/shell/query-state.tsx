"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { useTimeZone } from "@/components/shell/time-zone";
import { ErrorState, LoadingState, NotFoundState } from "@/components/ui/states";
import { BffError, isNotFound } from "@/lib/client/fetcher";
import { formatTimeOfDay } from "@/lib/format/dates";

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
  if (isNotFound(error)) return <NotFoundState title={notFound.title} message={notFound.message} />;
  if (error instanceof BffError && error.status === 403) {
    return <ErrorState title="Not available to your role" message={error.message} />;
  }
  if (error instanceof BffError && error.retryAt !== undefined)
    return <RetryLaterState error={error} retryAt={error.retryAt} onRetry={onRetry} />;
  return (
    <ErrorState
      title="This could not be loaded"
      message={error instanceof BffError ? error.message : "Something went wrong. Try again."}
      onRetry={onRetry}
    />
  );
}

/**
 * An outage the server dated (`Retry-After`): the payments API's open circuit breaker, or the
 * database. The view says when it tries again, in the member's time zone, and does so then.
 */
function RetryLaterState({ error, retryAt, onRetry }: { error: BffError; retryAt: number; onRetry: () => void }) {
  const { zone } = useTimeZone();
  useEffect(() => {
    const timer = setTimeout(onRetry, Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt, onRetry]);
  const at = formatTimeOfDay(new Date(retryAt).toISOString(), { timeZone: zone });
  if (error.code === "upstream_unavailable") {
    return (
      <ErrorState
        title="The payments API is not answering"
        message={`The payments API is not answering; retrying at ${at}.`}
        onRetry={onRetry}
        retryLabel="Try now"
      />
    );
  }
  return (
    <ErrorState title="This could not be loaded" message={`${error.message} Retrying at ${at}.`} onRetry={onRetry} retryLabel="Try now" />
  );
}
