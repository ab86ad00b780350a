import type { StaffMemberView } from "@/lib/contracts/staff";

/** The buttons of a staff row, each opening one confirmation. */
export type RowAction = "role" | "status" | "sessions" | "password";
export type RowTrigger = { label: string; name: string; disabled?: boolean; describedBy?: string };
type RowContext = { isSelf: boolean; locked: boolean; describedBy?: string };

/**
 * One place for a row button's words and state: drawn as a plain button until the row's dialogs
 * have loaded (staff-row-actions.tsx), then by each dialog's own trigger, which must read the same.
 */
export function rowTrigger(action: RowAction, member: StaffMemberView, { locked, describedBy }: Omit<RowContext, "isSelf">): RowTrigger {
  switch (action) {
    case "role":
      return { label: "Change role", name: `Change role of ${member.name}`, disabled: locked, describedBy };
    case "status": {
      const verb = member.status === "active" ? "Disable" : "Re-enable";
      return { label: verb, name: `${verb} ${member.name}`, disabled: locked, describedBy };
    }
    case "sessions":
      return { label: "End sessions", name: `End sessions of ${member.name}` };
    case "password":
      return { label: "Reset password", name: `Reset password of ${member.name}` };
  }
}

/** A row's actions in their order; no password reset of one's own account (that is the account page's). */
export function rowActions({ isSelf }: RowContext): RowAction[] {
  return isSelf ? ["role", "status", "sessions"] : ["role", "status", "sessions", "password"];
}
