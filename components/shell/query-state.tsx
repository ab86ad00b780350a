"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { DateTime } from "@/components/ui/date-time";
import { ErrorState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { LoadingState } from "@/components/ui/loading-state";
import { RetryButton } from "@/components/ui/retry-button";
import { BffError, failureMessage } from "@/lib/client/fetcher";
import { queryView, type RefreshFailure } from "@/lib/client/query-view";
import type { RareFailure } from "./failure-states";

// Not found, not for this role and a dated outage load when one is shown. A plain failure is drawn
// without waiting: the network may be what failed, and then a part loaded on use would not arrive.
const RareQueryError = lazyPart(() => import("./failure-states"), "RareQueryError");

type NotFound = { title: string; message: string };

type Props<T> = {
  query: UseQueryResult<T>;
  notFound: NotFound;
  /** What the payments API is being asked for, said while the answer is slow ("the transaction"); unset for our own data. */
  waitingFor?: string;
  children: (data: T) => ReactNode;
};

/**
 * The loading, not-found, forbidden and error states every data view shares. Data once read stays
 * drawn (see queryView): a failed refetch only adds the RefreshFailed line above it.
 */
export function QueryState<T>({ query, notFound, waitingFor, children }: Props<T>) {
  const view = queryView(query);
  if (view.kind === "loading") return <LoadingState waitingFor={waitingFor} />;
  if (view.kind === "error") return <QueryErrorState error={view.error} notFound={notFound} onRetry={() => void query.refetch()} />;
  // Two slots whatever the line does: its coming and going never remounts the view below (and what it holds).
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={() => void query.refetch()} className="mb-4" />
      {children(view.data)}
    </>
  );
}

/**
 * A read that never answered. `title` says what failed ("The issued cards could not be loaded");
 * `compact` draws one line with its Try again, for a part of a page rather than the page.
 */
export function QueryErrorState({
  error,
  notFound,
  onRetry,
  title = "This could not be loaded",
  compact = false,
  className,
}: {
  error: unknown;
  /** How a 404 reads; without it a 404 is a plain failure. */
  notFound?: NotFound;
  onRetry: () => void;
  title?: string;
  compact?: boolean;
  className?: string;
}) {
  if (compact) {
    return (
      <div role="alert" className={cx("flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-red-700", className)}>
        <p className="min-w-0 break-words">
          {title}: {failureMessage(error, "Something went wrong.")}
        </p>
        <RetryButton onRetry={onRetry} />
      </div>
    );
  }
  const rare = rareFailureOf(error, notFound);
  if (rare) return <RareQueryError failure={rare} onRetry={onRetry} />;
  return <ErrorState title={title} message={failureMessage(error)} onRetry={onRetry} className={className} />;
}

/**
 * The line above data kept on screen after a refetch failed: what failed, when what is shown was
 * read, and a Try again. Nothing when the last read succeeded.
 */
export function RefreshFailed({
  failure,
  onRetry,
  retrying = false,
  className,
  testId = "refresh-failed",
}: {
  /** `readAt` may also be the time as the server wrote it (an ISO string), shown as written. */
  failure: RefreshFailure | (Omit<RefreshFailure, "readAt"> & { readAt: string | null }) | null;
  onRetry: () => void;
  /** A Try again under way: the line stays (focus is not lost) and says so. */
  retrying?: boolean;
  className?: string;
  testId?: string;
}) {
  if (!failure) return null;
  // One sentence, wrapping as text does: read as one by a screen reader (the dots are only for the eye).
  return (
    <div
      role="status"
      data-testid={testId}
      className={cx("rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900", className)}
    >
      Could not refresh: {failureMessage(failure.error, "Something went wrong.")} <span aria-hidden="true">·</span> showing what was read{" "}
      {failure.readAt === null ? (
        "earlier"
      ) : (
        <>
          at <DateTime value={typeof failure.readAt === "string" ? failure.readAt : new Date(failure.readAt).toISOString()} />
        </>
      )}{" "}
      <span aria-hidden="true">·</span>{" "}
      <button
        type="button"
        aria-disabled={retrying || undefined}
        onClick={retrying ? undefined : onRetry}
        className={cx("rounded font-medium underline", focusRing)}
      >
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}

/** The failure RareQueryError draws, or null for a plain one (drawn here, without loading anything). */
function rareFailureOf(error: unknown, notFound: NotFound | undefined): RareFailure | null {
  if (!(error instanceof BffError)) return null;
  if (error.status === 404 && notFound) return { kind: "not-found", ...notFound };
  if (error.status === 403) return { kind: "forbidden", message: error.message };
  if (error.retryAt !== undefined) return { kind: "retry-later", error, retryAt: error.retryAt };
  return null;
}
