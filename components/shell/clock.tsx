"use client";

import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from "react";

const RenderedAt = createContext<number | null>(null);

/** The moment the server drew the page (epoch ms), for what the page draws before it is hydrated. */
export function RenderClock({ renderedAt, children }: { renderedAt: number; children: ReactNode }) {
  return <RenderedAt.Provider value={renderedAt}>{children}</RenderedAt.Provider>;
}

/** The browser's clock to the second: every read within one second is the same, as a snapshot must be. */
const browserSecond = () => Math.floor(Date.now() / 1_000) * 1_000;

/**
 * The time "3 minutes ago" and a countdown are counted from. While the server renders and the
 * browser hydrates it is the server's render time, so both draw the same text and the page is
 * drawn with it from its first paint (nothing changes width at hydration); then the browser's
 * clock, read again on every render and every `tickMs` when given. Null while hydrating outside
 * the signed-in shell, which gives no render time.
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
  return useSyncExternalStore<number | null>(subscribe, browserSecond, () => renderedAt);
}
