"use client";

import { useMutation } from "@tanstack/react-query";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { passwordApi } from "@/lib/client/password";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { ConfirmDialog } from "./confirm-dialog";
import { rowTrigger } from "./row-triggers";
import { GeneratedPassword } from "./generated-password";
import { countOf } from "@/lib/format/count";

/**
 * Resets a member's password after a confirmation: the one-time password is shown once (kept in
 * the mutation's state only, forgotten when the dialog closes), and the member must choose their
 * own at the next sign-in.
 */
export function ResetPasswordDialog({ member, initialOpen }: { member: StaffMemberView; initialOpen?: boolean }) {
  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: () => stepUp.run(() => passwordApi.resetFor(member.id)),
  });

  return (
    <ConfirmDialog
      trigger={rowTrigger("password", member, { locked: false })}
      initialOpen={initialOpen}
      title={`Reset ${member.name}'s password?`}
      description={member.email}
      mutation={mutation}
      variables={undefined}
      confirm={{ label: "Reset password", variant: "danger" }}
      stepUpDialog={stepUp.dialog}
    >
      {(done) =>
        done ? (
          <>
            <GeneratedPassword password={done.oneTimePassword} />
            <p role="status">
              They must choose their own password when they sign in with it.
              {done.endedSessions > 0 ? ` ${countOf(done.endedSessions, "open session was", "open sessions were")} signed out.` : null}
            </p>
          </>
        ) : (
          <p>
            Their current password stops working and they are signed out everywhere. You get a one-time password to give them; they must
            replace it at their next sign-in.
          </p>
        )
      }
    </ConfirmDialog>
  );
}
