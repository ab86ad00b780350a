"use client";

import { useMutation } from "@tanstack/react-query";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { sessionsApi } from "@/lib/client/sessions";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { ConfirmDialog } from "./confirm-dialog";
import { rowTrigger } from "./row-triggers";
import { countOf } from "@/lib/format/count";

type Props = { member: StaffMemberView; isSelf: boolean; initialOpen?: boolean };

/** Signs a member out everywhere, after a confirmation; the answer says how many sessions ended. */
export function EndSessionsDialog({ member, isSelf, initialOpen }: Props) {
  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: () => stepUp.run(() => sessionsApi.endAllOf(member.id)),
  });

  return (
    <ConfirmDialog
      trigger={rowTrigger("sessions", member, { locked: false })}
      initialOpen={initialOpen}
      title={`End ${member.name}'s sessions?`}
      description={member.email}
      mutation={mutation}
      variables={undefined}
      confirm={{ label: "End all sessions", variant: "danger" }}
      stepUpDialog={stepUp.dialog}
    >
      {(done) =>
        done === undefined ? (
          <p>
            Every browser where they are signed in is signed out at its next request. They can sign in again with their password.
            {isSelf ? " Your own current session is kept." : null}
          </p>
        ) : (
          <p role="status" className="font-medium text-slate-900">
            {done.ended === 0 ? "No open sessions: nothing to end." : `${countOf(done.ended, "session")} ended.`}
          </p>
        )
      }
    </ConfirmDialog>
  );
}
