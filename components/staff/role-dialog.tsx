"use client";

import { useState } from "react";
import { Field, Select } from "@/components/ui/field";
import { isRole, type Role } from "@/lib/permissions";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { ConfirmDialog } from "./confirm-dialog";
import { rowTrigger } from "./row-triggers";
import { RoleOptions } from "./role-options";
import { useStaffChange } from "./use-staff-change";

type Props = { member: StaffMemberView; isSelf: boolean; locked: boolean; describedBy?: string; initialOpen?: boolean };

/** Changes one member's role; closes only when the server accepted the change. */
export function RoleDialog({ member, isSelf, locked, describedBy, initialOpen }: Props) {
  const [role, setRole] = useState<Role>(member.role);
  const { mutation, refused, stepUpDialog } = useStaffChange(member, isSelf);

  const fieldId = `role-${member.id}`;
  const leavesAdmin = isSelf && member.role === "admin" && role !== "admin";
  return (
    <ConfirmDialog
      trigger={rowTrigger("role", member, { locked, describedBy })}
      initialOpen={initialOpen}
      title={`Change role of ${member.name}`}
      description={member.email}
      mutation={mutation}
      variables={{ role }}
      confirm={{ label: "Save role", disabled: role === member.role || refused }}
      closeOnSuccess
      onOpen={() => setRole(member.role)}
      stepUpDialog={stepUpDialog}
    >
      {() => (
        <>
          <Field label="Role" htmlFor={fieldId} hint="Takes effect at their next request, without signing them out.">
            <Select
              id={fieldId}
              value={role}
              onChange={(e) => {
                if (isRole(e.target.value)) setRole(e.target.value);
                mutation.reset();
              }}
            >
              <RoleOptions />
            </Select>
          </Field>
          {leavesAdmin ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              This is your own account: without the administrator role you will no longer see this page.
            </p>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}
