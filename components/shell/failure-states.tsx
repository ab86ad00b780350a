"use client";

import { useEffect } from "react";
import { useTimeZone } from "@/components/shell/time-zone";
import { ErrorState } from "@/components/ui/error-state";
import { NotFoundState } from "@/components/ui/not-found-state";
import type { BffError } from "@/lib/client/fetcher";
import { formatTimeOfDay } from "@/lib/format/dates";

// The states drawn only once something has failed, loaded when one is shown (by QueryState, and by
// the card page for an unknown card): one module, so a page that loads both has one loader for them.
export { NotFoundState };

/** The failures QueryErrorState draws apart from a plain one (see rareFailureOf). */
export type RareFailure =
  | { kind: "not-found"; title: string; message: string }
  | { kind: "forbidden"; message: string }
  | { kind: "retry-later"; error: BffError; retryAt: number };

/** Not found, not for this role, or a dated outage: one state for each, nothing else. */
export function RareQueryError({ failure, onRetry }: { failure: RareFailure; onRetry: () => void }) {
  switch (failure.kind) {
    case "not-found":
      return <NotFoundState title={failure.title} message={failure.message} />;
    case "forbidden":
      return <ErrorState title="Not available to your role" message={failure.message} />;
    case "retry-later":
      return <RetryLaterState error={failure.error} retryAt={failure.retryAt} onRetry={onRetry} />;
  }
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
