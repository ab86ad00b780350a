import "server-only";
import type { Capability } from "@/lib/permissions";
import type { StaffMember } from "./staff-repo";

export const PASSWORD_CHANGE_REQUIRED = "Choose a new password before doing anything else: your password was reset by an administrator.";

/** Whether the member signed in with a one-time password and must choose their own first (set by currentStaff). */
export function mustChangePassword(member: StaffMember): boolean {
  return (member as StaffMember & { mustChangePassword?: unknown }).mustChangePassword === true;
}

/**
 * Whether a route or page needing `capability` is closed to the member until they choose a password:
 * all but their own account's. Judged by that capability alone, not by which roles hold it: search,
 * approvals and saved views are open to every role, and still closed here.
 */
export function closedUntilPasswordChanged(member: StaffMember, capability: Capability | undefined): boolean {
  return mustChangePassword(member) && capability !== "account.self";
}
