"use client";

import { RoleOptions } from "./role-options";
import { useState } from "react";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger, Field, Select } from "@/components/ui";
import { isRole, type Role } from "@/lib/permissions";
import type { StaffMemberView } from "@/lib/schemas/staff";
import { ChangeError } from "./change-error";
import { useStaffChange } from "./use-staff-change";

type Props = { member: StaffMemberView; isSelf: boolean; locked: boolean; describedBy?: string };

/** Changes one member's role; closes only when the server accepted the change. */
export function RoleDialog({ member, isSelf, locked, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(member.role);
  const { change, mutation, refused, stepUpDialog } = useStaffChange(member, isSelf, () => setOpen(false));

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setRole(member.role);
      mutation.reset();
    }
  }

  const fieldId = `role-${member.id}`;
  const leavesAdmin = isSelf && member.role === "admin" && role !== "admin";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={locked} aria-describedby={describedBy} aria-label={`Change role of ${member.name}`}>
          Change role
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" title={`Change role of ${member.name}`} description={member.email}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (role !== member.role) change({ role });
          }}
        >
          <Field label="Role" htmlFor={fieldId} hint="Takes effect at their next request, without signing them out.">
            <Select id={fieldId} value={role} onChange={(e) => {
                if (isRole(e.target.value)) setRole(e.target.value);
                mutation.reset();
              }}>
              <RoleOptions />
            </Select>
          </Field>
          {leavesAdmin ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              This is your own account: without the administrator role you will no longer see this page.
            </p>
          ) : null}
          {mutation.isError ? <ChangeError error={mutation.error} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={mutation.isPending} disabled={role === member.role || refused}>
              Save role
            </Button>
          </DialogFooter>
        </form>
        {stepUpDialog}
      </DialogContent>
    </Dialog>
  );
}
