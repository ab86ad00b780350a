"use client";

import { useEffect } from "react";

const SHOW_MS = 10_000;

/**
 * A short notice that the state changed under the open page. The live region is always in the
 * page, so screen readers announce the text when it appears; it goes away by itself.
 */
export function StateChangeToast({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(onDismiss, SHOW_MS);
    return () => clearTimeout(timer);
  }, [text, onDismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 flex justify-end sm:left-auto"
    >
      {text ? (
        <div
          className="pointer-events-auto flex max-w-sm items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg"
          data-testid="state-toast"
        >
          <p className="min-w-0 flex-1">{text}</p>
          <button type="button" className="text-xs text-slate-500 underline hover:text-slate-800" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
