"use client";

import { useEffect, useState } from "react";
import { changeAnnouncement } from "@/lib/customers/verification-message";
import type { PanelState } from "@/lib/customers/verification-states";
import type { VerificationView } from "@/lib/customers/verification-view";

const SHOW_MS = 10_000;

type Props = {
  state: PanelState;
  /** The state this page's own last action led to: reaching it is not news. */
  ownState: PanelState;
  source: VerificationView["source"];
};

/**
 * Announces a state that changed under the open page (a webhook decision, a colleague's action).
 * The live region is always in the page so screen readers pick up the text when it appears.
 */
export function StateChangeToast({ state, ownState, source }: Props) {
  const [text, setText] = useState<string | null>(null);
  const [seen, setSeen] = useState(state);
  // Adjusting state while rendering (not in an effect): the toast appears in the same paint as the badge.
  if (state !== seen) {
    setSeen(state);
    if (state !== ownState) setText(changeAnnouncement(seen, state, source));
  }
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setText(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 flex justify-end sm:left-auto">
      {text ? (
        <div className="pointer-events-auto flex max-w-sm items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg" data-testid="state-toast">
          <p className="min-w-0 flex-1">{text}</p>
          <button type="button" className="text-xs text-slate-500 underline hover:text-slate-800" onClick={() => setText(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
