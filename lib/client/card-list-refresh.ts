import type { CardListSource } from "@/lib/client/card-transactions";
import { withdraws } from "@/lib/client/query-view";

/**
 * Which copy of a card's list the page reads, and where its "Refresh" stands. The pinned snapshot
 * stays until a refreshed one has arrived: while the card's list is read again from the payments
 * API (seconds for a busy card) and after that read fails, the rows, totals and CSV on screen are
 * still the pinned copy's.
 */
export type CardListState = {
  /** The snapshot every page, total and CSV of the view comes from; undefined until an answer names one. */
  pinned: string | undefined;
  /** Bumped by every Refresh and every reload of a released snapshot, so each asks the server again. */
  generation: number;
  /**
   * The Refresh asked for since the last new list arrived, null when none: under way (`pending`),
   * and how the last try of it failed, if one did (kept while it is tried again).
   */
  refresh: null | { pending: boolean; failed: { error: unknown } | null };
};

export const initialCardListState = (pinned: string | undefined): CardListState => ({ pinned, generation: 0, refresh: null });

/**
 * Where the page reads its list from: the refreshed list while a Refresh is under way, else the
 * pinned snapshot, else (nothing pinned yet, or the pinned one was released) a new one.
 */
export function cardListSource(state: CardListState): CardListSource {
  if (state.refresh?.pending) return { generation: state.generation, refresh: true };
  if (state.pinned) return { snapshot: state.pinned };
  return { generation: state.generation, refresh: false };
}

/** "Refresh" (and its "Try again"): read the card's list again, keeping the pinned copy on screen meanwhile. */
export function startRefresh(state: CardListState): CardListState {
  if (state.refresh?.pending) return state;
  return { ...state, generation: state.generation + 1, refresh: { pending: true, failed: state.refresh?.failed ?? null } };
}

/** The pinned snapshot was released on the server: nothing to fall back on, so the view starts from a new one. */
export function reloadReleased(state: CardListState): CardListState {
  return { pinned: undefined, generation: state.generation + 1, refresh: null };
}

/**
 * An answer read from `source` named `snapshotId`. A new list's answer (the first, a reload's or a
 * Refresh's) pins its snapshot and ends the Refresh. An answer asked for before a later Refresh or
 * reload (an earlier generation), or one after this generation's snapshot is pinned already (the
 * same new list asked for another view), changes nothing. Returns `state` itself then.
 */
export function listAnswered(state: CardListState, source: CardListSource, snapshotId: string): CardListState {
  if ("snapshot" in source || source.generation !== state.generation) return state;
  if (state.refresh ? !state.refresh.pending : state.pinned !== undefined) return state;
  return { ...state, pinned: snapshotId, refresh: null };
}

/**
 * The read from `source` failed with `error`. A Refresh's failure, with a snapshot pinned, goes
 * back to that snapshot and says why; any other failure (a view of the pinned snapshot, or a new
 * list with nothing pinned to fall back on) is the list's own error, shown in its place. A refusal
 * saying the list is no longer this member's (401, 403, 404: signed out, another role, a card gone)
 * drops the pinned copy too, as every other view drops its data (query-view.ts `withdraws`).
 * Returns `state` itself when nothing changes, so a render may call it on every failed result.
 */
export function listFailed(state: CardListState, source: CardListSource, error: unknown): CardListState {
  if ("snapshot" in source || !source.refresh || source.generation !== state.generation) return state;
  if (!state.pinned || !state.refresh?.pending) return state;
  if (withdraws(error)) return { pinned: undefined, generation: state.generation, refresh: null };
  return { ...state, refresh: { pending: false, failed: { error } } };
}

/**
 * What the Refresh button and the line above the list show: idle; reading the list again (after a
 * failed try, with that failure still said until this one ends); failed, with the pinned copy shown.
 */
export type RefreshStatus =
  { kind: "idle" } | { kind: "refreshing"; failedBefore: { error: unknown } | null } | { kind: "failed"; error: unknown };

export function refreshStatus(state: CardListState): RefreshStatus {
  if (!state.refresh) return { kind: "idle" };
  if (state.refresh.pending) return { kind: "refreshing", failedBefore: state.refresh.failed };
  return { kind: "failed", error: state.refresh.failed?.error };
}
