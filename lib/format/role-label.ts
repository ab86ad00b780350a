import { fallbackWords } from "./code-words";

// Apart from labels.ts: an object's activity timeline names the actor's role, and nothing else of
// the label tables, on the transaction, bill, collection and customer pages.

const ROLES: Record<string, string> = { finance: "Finance", ops: "Operations", compliance: "Compliance", admin: "Administrator" };

export function roleLabel(role: string | null | undefined): string {
  if (!role) return "";
  return ROLES[role] ?? fallbackWords(role);
}
