"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useCallback, useState, type ReactNode } from "react";
import { isStepUpRequired } from "@/lib/client/second-factor";

// The dialog (Radix's, and the code form) is fetched the first time the server asks for a fresh code:
// most actions never need one, and the pages that offer them load without it.
const StepUpDialog = lazyPart(() => import("./step-up-code-dialog"), "StepUpDialog", "floating");

type Pending = { resolve: () => void; reject: () => void };

/**
 * Step-up for sensitive actions: `run(action)` calls the action; when the server answers
 * `step_up_required` it asks for a fresh authenticator code, then retries the action once.
 * Cancelling rejects with the server's original error. Render `dialog` inside the component
 * (inside an open dialog, so the two stack).
 */
export function useStepUp(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  // Once asked for, the dialog stays mounted (closed), as a dialog that was always there would.
  const [wanted, setWanted] = useState(false);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      setWanted(true);
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject: () => reject(error) }));
      return action();
    }
  }, []);
  const dialog = wanted ? (
    <StepUpDialog
      open={pending !== null}
      onConfirmed={() => {
        pending?.resolve();
        setPending(null);
      }}
      onCancel={() => {
        pending?.reject();
        setPending(null);
      }}
    />
  ) : null;
  return { run, dialog };
}
