"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui";
import { passwordApi } from "@/lib/client/password";
import type { StaffMemberView } from "@/lib/schemas/staff";
import { ChangeError } from "./change-error";
import { GeneratedPassword } from "./generated-password";

/**
 * Resets a member's password after a confirmation: the one-time password is shown once (kept in
 * this dialog's state only), and the member must choose their own at the next sign-in.
 */
export function ResetPasswordDialog({ member }: { member: StaffMemberView }) {
  const [open, setOpen] = useState(false);
  const inFlight = useRef(false);
  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: () => stepUp.run(() => passwordApi.resetFor(member.id)),
    onSettled: () => {
      inFlight.current = false;
    },
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Closing forgets the one-time password: it is never shown twice.
    if (!next) mutation.reset();
  }

  const done = mutation.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Reset password of ${member.name}`}>
          Reset password
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" title={`Reset ${member.name}'s password?`} description={member.email}>
        <div className="space-y-3 text-sm text-slate-700">
          {done ? (
            <>
              <GeneratedPassword password={done.oneTimePassword} />
              <p role="status">
                They must choose their own password when they sign in with it.
                {done.endedSessions > 0 ? ` ${done.endedSessions} open session${done.endedSessions === 1 ? " was" : "s were"} signed out.` : null}
              </p>
            </>
          ) : (
            <p>Their current password stops working and they are signed out everywhere. You get a one-time password to give them; they must replace it at their next sign-in.</p>
          )}
          {mutation.isError ? <ChangeError error={mutation.error} /> : null}
        </div>
        {stepUp.dialog}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{done ? "Close" : "Cancel"}</Button>
          </DialogClose>
          {done ? null : (
            <Button
              variant="danger"
              loading={mutation.isPending}
              onClick={() => {
                if (inFlight.current) return;
                inFlight.current = true;
                mutation.mutate();
              }}
            >
              Reset password
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
