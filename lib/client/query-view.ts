/**
 * What a view draws for a query: the one rule every data view follows (QueryState and the panels
 * that draw their own loading line). Whenever the query holds data, the data is drawn: a refetch
 * that failed (a poll, a refresh after a change) adds a line saying so above it and never takes it
 * away — the page may hold what staff typed, an open dialog, or a secret shown once. Only a query
 * that never answered draws its failure in place of the data.
 */

import { BffError } from "./fetcher";

/** The part of a query's result the rule reads (a `UseQueryResult` is one). */
export type QueryViewInput<T> = {
  status: "pending" | "error" | "success";
  data: T | undefined;
  error: unknown;
  /** When the data on hand was read (epoch ms); 0 when the query does not know. */
  dataUpdatedAt: number;
};

/** A refetch that failed while earlier data stays on screen. */
export type RefreshFailure = { error: unknown; /** Epoch ms, or null when unknown. */ readAt: number | null };

export type QueryView<T> =
  { kind: "loading" } | { kind: "error"; error: unknown } | { kind: "data"; data: T; refreshFailed: RefreshFailure | null };

/**
 * A refetch refused because the data is no longer this member's to see (their session ended, their
 * role changed, the object is gone or another business's): the data goes with the answer, as it
 * would on a fresh load. Access is judged by its current state, not by what was once read.
 */
const WITHDRAWN = new Set([401, 403, 404]);

export function withdraws(error: unknown): boolean {
  return error instanceof BffError && WITHDRAWN.has(error.status);
}

export function queryView<T>(query: QueryViewInput<T>): QueryView<T> {
  if (query.data !== undefined && !(query.status === "error" && withdraws(query.error))) {
    return {
      kind: "data",
      data: query.data,
      refreshFailed: query.status === "error" ? { error: query.error, readAt: query.dataUpdatedAt > 0 ? query.dataUpdatedAt : null } : null,
    };
  }
  if (query.status === "error") return { kind: "error", error: query.error };
  return { kind: "loading" };
}
