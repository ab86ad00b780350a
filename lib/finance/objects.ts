import { isValidPathParam, PATH_PARAM_MESSAGE } from "@/lib/path-params";

/** The kinds of object the finance workspace opens by id. */
export const financeKinds = ["transaction", "bill", "collection", "card", "card_transaction"] as const;
/** Every kind remembered as recently opened: finance's, and customers (operations and compliance). */
export const objectKinds = [...financeKinds, "customer"] as const;
export type ObjectKind = (typeof objectKinds)[number];

/** The kinds a staff member can type an id of (a card transaction needs its card too). */
export const searchableKinds = ["transaction", "bill", "collection", "card"] as const;
export type SearchableKind = (typeof searchableKinds)[number];

export const kindLabels: Record<ObjectKind, string> = {
  transaction: "Transaction",
  bill: "Bill",
  collection: "Collection account",
  card: "Card",
  card_transaction: "Card transaction",
  customer: "Customer",
};

export type RecentObject = { kind: ObjectKind; id: string; parentId: string | null; openedAt: string };

// The simulator's ids carry these prefixes; real ids may not, so a prefix is a hint, never a rule.
const PREFIXES: ReadonlyArray<[string, SearchableKind]> = [
  ["txn_", "transaction"],
  ["bill_", "bill"],
  ["col_", "collection"],
  ["card_", "card"],
];

/** The kind an id's prefix suggests, or null when it has none we know. */
export function kindFromPrefix(id: string): SearchableKind | null {
  const lower = id.toLowerCase();
  return PREFIXES.find(([prefix]) => lower.startsWith(prefix))?.[1] ?? null;
}

/**
 * The order in which to try reads for an id: the hinted kind first, then the rest by how often
 * finance is asked about them (payments, then bills, then accounts, then cards).
 */
export function lookupOrder(id: string, chosen: SearchableKind | "any"): SearchableKind[] {
  if (chosen !== "any") return [chosen];
  const hint = kindFromPrefix(id);
  return hint ? [hint, ...searchableKinds.filter((k) => k !== hint)] : [...searchableKinds];
}

/** Trims what was typed or pasted; null with a message when it cannot be an id. */
export function normaliseSearchId(raw: string): { id: string } | { error: string } {
  const id = raw.trim();
  if (id === "") return { error: "Enter an id." };
  if (!isValidPathParam(id)) return { error: PATH_PARAM_MESSAGE };
  return { id };
}
