import "server-only";
import type { StaffMember } from "./staff-repo";

export const PASSWORD_CHANGE_REQUIRED = "Choose a new password before doing anything else: your password was reset by an administrator.";

/** Whether the member signed in with a one-time password and must choose their own first (set by currentStaff). */
export function mustChangePassword(member: StaffMember): boolean {
  return (member as StaffMember & { mustChangePassword?: unknown }).mustChangePassword === true;
}
