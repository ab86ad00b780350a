"use client";

import { useCallback, useState, type ReactNode } from "react";
import { useCodeSubmit } from "@/components/auth/use-code-submit";
import { Button, Dialog, DialogContent, DialogFooter, Field, FormAlert, Input } from "@/components/ui";
import { isStepUpRequired, secondFactorApi } from "@/lib/client/second-factor";

type Pending = { resolve: () => void; reject: () => void };

/**
 * Step-up for sensitive actions: `run(action)` calls the action; when the server answers
 * `step_up_required` it asks for a fresh authenticator code, then retries the action once.
 * Cancelling rejects with the server's original error. Render `dialog` inside the component
 * (inside an open dialog, so the two stack).
 */
export function useStepUp(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject: () => reject(error) }));
      return action();
    }
  }, []);
  const dialog = (
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
  );
  return { run, dialog };
}

function StepUpDialog({ open, onConfirmed, onCancel }: { open: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const { error, busy, onSubmit, clearError } = useCodeSubmit(secondFactorApi.stepUp, onConfirmed, "The code could not be checked. Try again.");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          clearError();
          onCancel();
        }
      }}
    >
      <DialogContent size="sm" title="Confirm it is you" description="This action needs a fresh code from your authenticator app (or an unused recovery code).">
        <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="step-up-form">
          <Field label="Authentication code" htmlFor="step-up-code" required>
            <Input id="step-up-code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus maxLength={20} />
          </Field>
          <FormAlert>{error}</FormAlert>
          <DialogFooter>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
