"use client";

import { useStepUp } from "@/components/auth/step-up-dialog";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui";
import { sessionsApi } from "@/lib/client/sessions";
import type { StaffMemberView } from "@/lib/schemas/staff";
import { ChangeError } from "./change-error";

type Props = { member: StaffMemberView; isSelf: boolean };

/** Signs a member out everywhere, after a confirmation; the answer says how many sessions ended. */
export function EndSessionsDialog({ member, isSelf }: Props) {
  const [open, setOpen] = useState(false);
  const inFlight = useRef(false);
  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: () => stepUp.run(() => sessionsApi.endAllOf(member.id)),
    onSettled: () => {
      inFlight.current = false;
    },
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) mutation.reset();
  }

  const ended = mutation.data?.ended;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`End sessions of ${member.name}`}>
          End sessions
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" title={`End ${member.name}'s sessions?`} description={member.email}>
        <div className="space-y-3 text-sm text-slate-700">
          {ended === undefined ? (
            <p>
              Every browser where they are signed in is signed out at its next request. They can sign in again with their password.
              {isSelf ? " Your own current session is kept." : null}
            </p>
          ) : (
            <p role="status" className="font-medium text-slate-900">
              {ended === 0 ? "No open sessions: nothing to end." : `${ended} session${ended === 1 ? "" : "s"} ended.`}
            </p>
          )}
          {mutation.isError ? <ChangeError error={mutation.error} /> : null}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{ended === undefined ? "Cancel" : "Close"}</Button>
          </DialogClose>
          {ended === undefined ? (
            <Button
              variant="danger"
              loading={mutation.isPending}
              onClick={() => {
                if (inFlight.current) return;
                inFlight.current = true;
                mutation.mutate();
              }}
            >
              End all sessions
            </Button>
          ) : null}
        </DialogFooter>
        {stepUp.dialog}
      </DialogContent>
    </Dialog>
  );
}
