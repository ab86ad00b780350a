"use client";

import { useState } from "react";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui";
import { roleLabels } from "@/lib/permissions";
import type { StaffMemberView } from "@/lib/schemas/staff";
import { ChangeError } from "./change-error";
import { useStaffChange } from "./use-staff-change";

type Props = { member: StaffMemberView; isSelf: boolean; locked: boolean; describedBy?: string };

/** Disables or re-enables one account, after a confirmation. */
export function StatusDialog({ member, isSelf, locked, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const { change, mutation, refused, stepUpDialog } = useStaffChange(member, isSelf, () => setOpen(false));
  const disabling = member.status === "active";

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) mutation.reset();
  }

  const action = disabling ? "Disable" : "Re-enable";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={locked} aria-describedby={describedBy} aria-label={`${action} ${member.name}`}>
          {action}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" title={`${action} ${member.name}?`} description={member.email}>
        <div className="space-y-3 text-sm text-slate-700">
          {disabling ? (
            <>
              <p>They will be signed out at their next request and will not be able to sign in until an administrator re-enables the account.</p>
              {isSelf ? <p className="font-medium text-amber-900">This is your own account: you will be signed out.</p> : null}
            </>
          ) : (
            <p>
              They will be able to sign in again with their existing password, as {roleLabels[member.role]}.
            </p>
          )}
          {mutation.isError ? <ChangeError error={mutation.error} /> : null}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant={disabling ? "danger" : "primary"} loading={mutation.isPending} disabled={refused} onClick={() => change({ status: disabling ? "disabled" : "active" })}>
            {disabling ? "Disable account" : "Re-enable account"}
          </Button>
        </DialogFooter>
        {stepUpDialog}
      </DialogContent>
    </Dialog>
  );
}
