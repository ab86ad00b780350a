import type { z } from "zod";
import type { StaffMemberView } from "../schemas/staff";

export type StaffFormField = "email" | "name" | "role" | "password";
const FORM_FIELDS: readonly string[] = ["email", "name", "role", "password"] satisfies StaffFormField[];

export function isStaffFormField(value: unknown): value is StaffFormField {
  return typeof value === "string" && FORM_FIELDS.includes(value);
}

/** The first message per field of the add-staff form; issues of other paths are left out. */
export function staffFieldErrors(error: z.ZodError): Partial<Record<StaffFormField, string>> {
  const out: Partial<Record<StaffFormField, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (isStaffFormField(key)) out[key] ??= issue.message;
  }
  return out;
}

/**
 * True when this member is the only active administrator in the list: the page then disables
 * demoting and disabling them. Only a hint: the server's check under its lock is the real guard.
 */
export function isOnlyActiveAdmin(list: readonly StaffMemberView[], id: string): boolean {
  const admins = list.filter((s) => s.role === "admin" && s.status === "active");
  return admins.length === 1 && admins[0]!.id === id;
}
