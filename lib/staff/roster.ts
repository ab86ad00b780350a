import type { StaffMemberView } from "@/lib/contracts/staff";

/**
 * True when this member is the only active administrator in the list: the page then disables
 * demoting and disabling them. Only a hint: the server's check under its lock is the real guard.
 */
export function isOnlyActiveAdmin(list: readonly StaffMemberView[], id: string): boolean {
  const admins = list.filter((s) => s.role === "admin" && s.status === "active");
  return admins.length === 1 && admins[0]!.id === id;
}
