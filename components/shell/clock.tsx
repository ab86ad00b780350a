"use client";

import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from "react";
import { clockOffset } from "@/lib/time/clock-offset";

const RenderedAt = createContext<number | null>(null);

/** The moment the server drew the page (epoch ms), for what the page draws before it is hydrated. */
export function RenderClock({ renderedAt, children }: { renderedAt: number; children: ReactNode }) {
  return <RenderedAt.Provider value={renderedAt}>{children}</RenderedAt.Provider>;
}

// Learnt once per page load, at the first read after the server's render time is known.
let offset: number | undefined;

/**
 * The browser's clock to the second, set to the server's when it is far off (clockOffset): every read
 * within one second is the same, as a snapshot must be.
 */
function browserSecond(renderedAt: number | null): number {
  if (offset === undefined && renderedAt !== null) offset = clockOffset(renderedAt, Date.now());
  return Math.floor(Date.now() / 1_000) * 1_000 + (offset ?? 0);
}

/**
 * The time "3 minutes ago" and a countdown are counted from. While the server renders and the
 * browser hydrates it is the server's render time, so both draw the same text and the page is
 * drawn with it from its first paint (nothing changes width at hydration); then the browser's
 * clock (the server's when the browser's is far off), read again on every render and every `tickMs`
 * when given. Null while hydrating outside the signed-in shell, which gives no render time.
 */
export function useNow(tickMs?: number): number | null {
  const renderedAt = useContext(RenderedAt);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!tickMs) return () => {};
      const timer = setInterval(changed, tickMs);
      return () => clearInterval(timer);
    },
    [tickMs],
  );
  const read = useCallback(() => browserSecond(renderedAt), [renderedAt]);
  return useSyncExternalStore<number | null>(subscribe, read, () => renderedAt);
}
