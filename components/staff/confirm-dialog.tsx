"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import { ChangeError } from "./change-error";

type Props<D, V> = {
  /** The row's button: its text, and an accessible name that says whose row it is. */
  trigger: { label: string; name: string; disabled?: boolean; describedBy?: string };
  title: string;
  description?: string;
  /** The change to confirm, and what it is sent with. */
  mutation: Pick<UseMutationResult<D, Error, V>, "mutateAsync" | "reset" | "isPending" | "isError" | "error" | "data">;
  variables: V;
  confirm: { label: string; variant?: "primary" | "danger"; disabled?: boolean };
  /** Close once the server accepted the change; otherwise the body shows the answer until the dialog is closed. */
  closeOnSuccess?: boolean;
  /** The body: what will happen before the change, and what happened (data) after it. */
  children: (data: D | undefined) => ReactNode;
  /** Runs when the dialog opens: bring any choice in the body back to its start. */
  onOpen?: () => void;
  /** The step-up dialog of the change, when the server asks for a fresh code. */
  stepUpDialog?: ReactNode;
  /** Open from the start: the row's plain button was pressed before this dialog had loaded. */
  initialOpen?: boolean;
};

/**
 * The staff page's confirmation: a row button opens it, the body says what will happen, one
 * confirm sends the change once however often it is pressed, a refusal is shown in the server's
 * words, and an answer worth reading (how many sessions ended, a one-time password) stays until the
 * dialog is closed, which forgets it. While the change is on its way the dialog cannot be closed
 * (Dialog's `pending`): a close would forget an answer that is shown only once.
 */
export function ConfirmDialog<D, V>({
  trigger,
  title,
  description,
  mutation,
  variables,
  confirm,
  closeOnSuccess = false,
  children,
  onOpen,
  stepUpDialog,
  initialOpen = false,
}: Props<D, V>) {
  const [open, setOpen] = useState(initialOpen);
  // One request per confirm; a refusal stays on the mutation and is shown below.
  const confirmPress = useOncePerPress(async (vars: V) => {
    await mutation.mutateAsync(vars).then(
      () => closeOnSuccess && setOpen(false),
      () => undefined,
    );
  });
  // The mutation is the row's: its answer reaches this dialog a render after the press settles.
  const pending = confirmPress.pending || mutation.isPending;

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Opening or closing starts afresh (a close is refused while the change is on its way).
    mutation.reset();
    if (next) onOpen?.();
  }

  const done = !closeOnSuccess && mutation.data !== undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} pending={pending}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={trigger.disabled} aria-describedby={trigger.describedBy} aria-label={trigger.name}>
          {trigger.label}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" title={title} description={description}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirmPress.press(variables);
          }}
        >
          <div className="space-y-3 text-sm text-slate-700">
            {children(mutation.data)}
            {mutation.isError ? <ChangeError error={mutation.error} /> : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{done ? "Close" : "Cancel"}</Button>
            </DialogClose>
            {done ? null : (
              <Button type="submit" variant={confirm.variant ?? "primary"} loading={pending} disabled={confirm.disabled}>
                {confirm.label}
              </Button>
            )}
          </DialogFooter>
        </form>
        {stepUpDialog}
      </DialogContent>
    </Dialog>
  );
}
