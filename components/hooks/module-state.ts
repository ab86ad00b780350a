/**
 * The states of a module fetched on first use (use-module-when.ts), as a pure reducer. `attempt`
 * numbers the fetches: an answer of an earlier one (the component re-rendered, a retry started
 * meanwhile) changes nothing.
 */
export type ModuleState<M> =
  /** Not here yet: fetched while it is needed (fetching, or waiting to be needed). */
  | { status: "pending"; attempt: number }
  | { status: "loaded"; module: M }
  /** The fetch failed (a chunk that did not arrive): nothing more happens until a retry. */
  | { status: "failed"; attempt: number; error: unknown };

export type ModuleEvent<M> =
  | { type: "loaded"; attempt: number; module: M }
  | { type: "failed"; attempt: number; error: unknown }
  /** "Try again": a fresh fetch, the next attempt. */
  | { type: "retry" };

/** Where a component starts: with the module when this tab already has it (another component fetched it). */
export function initialModuleState<M>(cached: M | undefined): ModuleState<M> {
  return cached === undefined ? { status: "pending", attempt: 0 } : { status: "loaded", module: cached };
}

export function moduleReducer<M>(state: ModuleState<M>, event: ModuleEvent<M>): ModuleState<M> {
  switch (event.type) {
    case "loaded":
      // A module that arrived is kept, whichever fetch brought it.
      return state.status === "loaded" ? state : { status: "loaded", module: event.module };
    case "failed":
      return state.status === "pending" && state.attempt === event.attempt
        ? { status: "failed", attempt: event.attempt, error: event.error }
        : state;
    case "retry":
      return state.status === "failed" ? { status: "pending", attempt: state.attempt + 1 } : state;
  }
}

/**
 * What a change of `needed` does: a module needed anew after a failed fetch (the rows came back, a
 * second press) is fetched again, as a retry would; nothing otherwise.
 */
export function onNeedChange<M>(state: ModuleState<M>, wasNeeded: boolean, needed: boolean): ModuleEvent<M> | null {
  return needed && !wasNeeded && state.status === "failed" ? { type: "retry" } : null;
}

/** Whether a fetch is to run now: the module is needed, not here, and not failed (a failure waits for a retry). */
export function shouldFetch<M>(state: ModuleState<M>, needed: boolean): boolean {
  return needed && state.status === "pending";
}
