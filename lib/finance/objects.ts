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

const e = encodeURIComponent;

/**
 * The page of an object, or null when an id could not name one. Ids also come from upstream answers
 * and webhooks, where they are bounded but not held to the path allowlist; a page for such an id would
 * only answer 400, so it is shown without a link. Every link to an object is built here.
 */
export function objectHref(kind: ObjectKind, id: string, parentId?: string | null): string | null {
  if (!isValidPathParam(id)) return null;
  switch (kind) {
    case "transaction":
      return `/transactions/${e(id)}`;
    case "bill":
      return `/bills/${e(id)}`;
    case "collection":
      return `/collections/${e(id)}`;
    case "card":
      return `/cards/${e(id)}/transactions`;
    case "card_transaction":
      return parentId && isValidPathParam(parentId) ? `/cards/${e(parentId)}/transactions/${e(id)}` : null;
    case "customer":
      return `/customers/${e(id)}`;
  }
}

/** A biller's items in a bill category, or null when either id could not name one (as above). */
export function billerItemsHref(categoryId: string, itemId: string): string | null {
  return isValidPathParam(categoryId) && isValidPathParam(itemId) ? `/bills/categories/${e(categoryId)}/items/${e(itemId)}` : null;
}

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
