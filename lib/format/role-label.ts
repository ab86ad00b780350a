import type { Role } from "@/lib/permissions";
import { fallbackWords } from "./code-words";

// Apart from labels.ts and from the permission matrix (which re-exports these): an object's activity
// timeline names the actor's role, and nothing else of the label tables, on the transaction, bill,
// collection and customer pages.

/**
 * Each role in words, the one table every screen reads: its name ("Operations", never the code
 * "ops"), and its members as a sentence names them ("Only operations staff and administrators …").
 */
export const roleWords: Record<Role, { label: string; members: string }> = {
  finance: { label: "Finance", members: "finance staff" },
  ops: { label: "Operations", members: "operations staff" },
  compliance: { label: "Compliance", members: "compliance staff" },
  admin: { label: "Administrator", members: "administrators" },
};

/** A role's name: "Operations". */
export const roleLabels: Record<Role, string> = {
  finance: roleWords.finance.label,
  ops: roleWords.ops.label,
  compliance: roleWords.compliance.label,
  admin: roleWords.admin.label,
};

/** A role code as stored (an audit entry's, an activity's) in words; one no longer known, as words of its code. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return "";
  return Object.hasOwn(roleLabels, role) ? roleLabels[role as Role] : fallbackWords(role);
}
