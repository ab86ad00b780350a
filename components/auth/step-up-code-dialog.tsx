"use client";

import { useCodeSubmit } from "@/components/auth/use-code-submit";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { secondFactorApi } from "@/lib/client/second-factor";

/** The code asked for by useStepUp (step-up-dialog.tsx), loaded the first time a step-up is needed. */
export function StepUpDialog({ open, onConfirmed, onCancel }: { open: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const { error, codeError, busy, onSubmit, clearError } = useCodeSubmit(
    secondFactorApi.stepUp,
    onConfirmed,
    "The code could not be checked. Try again.",
  );

  return (
    <Dialog
      open={open}
      // Not cancelled while the code is being checked: a code accepted meanwhile would go unused.
      pending={busy}
      onOpenChange={(next) => {
        if (!next) {
          clearError();
          onCancel();
        }
      }}
    >
      <DialogContent
        size="sm"
        title="Confirm it is you"
        description="This action needs a fresh code from your authenticator app (or an unused recovery code)."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="step-up-form">
          <Field label="Authentication code" htmlFor="step-up-code" error={codeError} required>
            <Input id="step-up-code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus maxLength={20} />
          </Field>
          <FormAlert>{error}</FormAlert>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
