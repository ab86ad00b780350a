"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { cardListProgress } from "@/lib/client/card-transactions";
import { formatCount } from "@/lib/format/count";

const POLL_MS = 400;

const LoadedContext = createContext<(() => void) | null>(null);

/**
 * Wraps the page's Suspense boundary while the server reads a card's whole list from the payments
 * API (it has no paging, so a busy card takes a few seconds) and shows the rows read so far, asked
 * of the server a few times a second. It sits outside the boundary because React does not hydrate
 * a pending boundary's fallback, so a fallback could never poll; the loaded table switches it off
 * with CardTransactionsLoaded.
 */
export function CardTransactionsProgress({ cardId, children }: { cardId: string; children: ReactNode }) {
  const [loaded, setLoaded] = useState(false);
  const [rowsRead, setRowsRead] = useState<number | null>(null);
  useEffect(() => {
    if (loaded) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const read = await cardListProgress(cardId);
        if (!stopped) setRowsRead(read);
      } catch {
        // The page's own load reports failures; the count is only a courtesy.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [cardId, loaded]);
  // The line is hidden by CSS in the very frame the table is revealed (the marker below is part of
  // it): removed a render later, by the effect, the page under it would first jump up by its height.
  return (
    <LoadedContext.Provider value={() => setLoaded(true)}>
      <div className="group/progress">
        {loaded ? null : (
          <p
            role="status"
            aria-live="polite"
            className="mb-3 text-sm text-slate-600 group-has-[[data-card-loaded]]/progress:hidden"
            data-testid="card-rows-progress"
          >
            Reading this card&apos;s transactions from the payments API…
            {rowsRead ? ` ${formatCount(rowsRead)} rows so far.` : ""}
          </p>
        )}
        {children}
      </div>
    </LoadedContext.Provider>
  );
}

/** Rendered with the loaded table: ends the progress line above it. */
export function CardTransactionsLoaded() {
  const done = useContext(LoadedContext);
  useEffect(() => done?.(), [done]);
  return <span hidden data-card-loaded="" />;
}
