"use client";

import { useCallback, useEffect, useReducer, useState } from "react";
import { initialModuleState, moduleReducer, onNeedChange, shouldFetch } from "./module-state";

const loaded = new Map<() => Promise<unknown>, unknown>();

/** A module fetched on first use: here (`module`), failed (`error`, with `retry` for a fresh fetch), or neither yet. */
export type ModuleWhen<M> = { module: M | null; error: unknown; retry: () => void };

/**
 * A module fetched only once `needed` is true (rows to act on, a range to check), then kept for the
 * tab: a component mounted later starts with it. `load` must be one function defined at module level
 * (it keys the cache). `module` is null until it has arrived; the caller keeps its loading state
 * until then, so what it draws does not change under the reader. A fetch that fails (a chunk that
 * did not arrive on a flaky connection) sets `error` instead: the caller shows LoadFailed
 * (components/ui/load-failed.tsx), whose "Try again" calls `retry`, a fresh `load()`; so does
 * `needed` turning true again. A failure is not kept for the tab: a component mounted later fetches again.
 */
export function useModuleWhen<M>(needed: boolean, load: () => Promise<M>): ModuleWhen<M> {
  const [state, dispatch] = useReducer(moduleReducer<M>, loaded.get(load) as M | undefined, initialModuleState<M>);
  // Adjusted while rendering (not in an effect), as React advises for a change of a prop.
  const [wasNeeded, setWasNeeded] = useState(needed);
  if (wasNeeded !== needed) {
    setWasNeeded(needed);
    const event = onNeedChange(state, wasNeeded, needed);
    if (event) dispatch(event);
  }
  const fetchNow = shouldFetch(state, needed);
  const attempt = state.status === "loaded" ? -1 : state.attempt;
  useEffect(() => {
    if (!fetchNow) return;
    let live = true;
    load().then(
      (module) => {
        loaded.set(load, module);
        if (live) dispatch({ type: "loaded", attempt, module });
      },
      (error: unknown) => {
        if (live) dispatch({ type: "failed", attempt, error });
      },
    );
    return () => {
      live = false;
    };
  }, [fetchNow, attempt, load]);
  const retry = useCallback(() => dispatch({ type: "retry" }), []);
  return {
    module: state.status === "loaded" ? state.module : null,
    error: state.status === "failed" ? (state.error ?? new Error("The module could not be fetched.")) : null,
    retry,
  };
}
