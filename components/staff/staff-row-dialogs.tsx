"use client";

import type { StaffMemberView } from "@/lib/contracts/staff";
import { EndSessionsDialog } from "./end-sessions-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { RoleDialog } from "./role-dialog";
import type { RowAction } from "./row-triggers";
import { StatusDialog } from "./status-dialog";

type Props = { member: StaffMemberView; isSelf: boolean; locked: boolean; describedBy?: string; opened: RowAction | null };

/** A row's four confirmations, loaded with the first press of one of its buttons (`opened`, open from the start). */
export function StaffRowDialogs({ member, isSelf, locked, describedBy, opened }: Props) {
  return (
    <>
      <RoleDialog member={member} isSelf={isSelf} locked={locked} describedBy={describedBy} initialOpen={opened === "role"} />
      <StatusDialog member={member} isSelf={isSelf} locked={locked} describedBy={describedBy} initialOpen={opened === "status"} />
      <EndSessionsDialog member={member} isSelf={isSelf} initialOpen={opened === "sessions"} />
      {isSelf ? null : <ResetPasswordDialog member={member} initialOpen={opened === "password"} />}
    </>
  );
}
