"use client";

import { roleLabels } from "@/lib/format/role-label";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { ConfirmDialog } from "./confirm-dialog";
import { rowTrigger } from "./row-triggers";
import { useStaffChange } from "./use-staff-change";

type Props = { member: StaffMemberView; isSelf: boolean; locked: boolean; describedBy?: string; initialOpen?: boolean };

/** Disables or re-enables one account, after a confirmation. */
export function StatusDialog({ member, isSelf, locked, describedBy, initialOpen }: Props) {
  const { mutation, refused, stepUpDialog } = useStaffChange(member, isSelf);
  const disabling = member.status === "active";
  const action = disabling ? "Disable" : "Re-enable";

  return (
    <ConfirmDialog
      trigger={rowTrigger("status", member, { locked, describedBy })}
      initialOpen={initialOpen}
      title={`${action} ${member.name}?`}
      description={member.email}
      mutation={mutation}
      variables={{ status: disabling ? "disabled" : "active" }}
      confirm={{ label: disabling ? "Disable account" : "Re-enable account", variant: disabling ? "danger" : "primary", disabled: refused }}
      closeOnSuccess
      stepUpDialog={stepUpDialog}
    >
      {() =>
        disabling ? (
          <>
            <p>
              They will be signed out at their next request and will not be able to sign in until an administrator re-enables the account.
            </p>
            {isSelf ? <p className="font-medium text-amber-900">This is your own account: you will be signed out.</p> : null}
          </>
        ) : (
          <p>They will be able to sign in again with their existing password, as {roleLabels[member.role]}.</p>
        )
      }
    </ConfirmDialog>
  );
}
