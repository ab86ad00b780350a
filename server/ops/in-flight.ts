import "server-only";

/**
 * Money-moving calls (card issuance, credit) in flight. Each is waiting for the payments API
 * ("calling") or saving what it answered ("saving"). At shutdown, after the drain period, the
 * process is about to exit whatever they are doing: those still calling are settled as unknown
 * outcomes (their records say so, with the reconciliation note) and those saving are given a
 * moment to finish, both before the database closes. Nothing acknowledged to the API is then left
 * as a claim that only a lease expiry would resolve.
 */
type Entry = { phase: "calling" | "saving"; abandoned: boolean; settle: () => Promise<void>; done: Promise<void>; finish: () => void };

export type InFlightIntent = {
  /**
   * The payments API answered (or failed): the request saves its own outcome now. False when
   * shutdown has already recorded the outcome as unknown; the request must then save nothing.
   */
  answered: () => boolean;
  /** The request is over (saved, refused or failed): always called, in a `finally`. */
  done: () => void;
};

// On globalThis: Next bundles instrumentation (shutdown) and the route handlers separately.
const entries = () => ((globalThis as unknown as { __inFlightIntents?: Set<Entry> }).__inFlightIntents ??= new Set<Entry>());

/** Registers a call about to be sent; `settleUnknown` records its outcome as unknown if shutdown comes first. */
export function trackIntent(settleUnknown: () => Promise<void>): InFlightIntent {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const entry: Entry = { phase: "calling", abandoned: false, settle: settleUnknown, done, finish };
  entries().add(entry);
  return {
    answered: () => {
      if (entry.abandoned) return false;
      entry.phase = "saving";
      return true;
    },
    done: () => {
      entries().delete(entry);
      entry.finish();
    },
  };
}

/** How many money-moving calls are in flight (for the shutdown log). */
export function inFlightCount(): number {
  return entries().size;
}

/**
 * Settles every call still waiting for the API as unknown, and waits for those already saving.
 * Synchronous up to the first await: a call whose answer arrives afterwards sees it abandoned.
 */
export async function settleInFlight(): Promise<{ settled: number; failed: number }> {
  const pending = [...entries()];
  const calling = pending.filter((entry) => entry.phase === "calling");
  for (const entry of calling) entry.abandoned = true;
  const results = await Promise.allSettled([
    ...calling.map(async (entry) => {
      try {
        await entry.settle();
      } finally {
        entries().delete(entry);
        entry.finish();
      }
    }),
    ...pending.filter((entry) => entry.phase === "saving").map((entry) => entry.done),
  ]);
  return { settled: calling.length, failed: results.filter((result) => result.status === "rejected").length };
}
