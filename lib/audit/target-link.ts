import { kindLabels, type ObjectKind } from "@/lib/finance/objects";
import { objectHref } from "@/lib/finance/object-href";
import { decodedOrNull } from "@/lib/url-decode";

export type TargetLink = { href: string; label: string };

const CUSTOMER_ACTIONS = new Set([
  "verification.check",
  "verification.submit",
  "customer.contact.update",
  "card.create",
  "card.create.replay",
]);
const CREDIT_ACTIONS = new Set(["credit.simulate", "credit.simulate.replay"]);

/** The object kind each target format names: singular in `kind:id`, plural in an API path. */
const KINDS: Record<string, Exclude<ObjectKind, "card_transaction">> = {
  customer: "customer",
  customers: "customer",
  transaction: "transaction",
  transactions: "transaction",
  bill: "bill",
  bills: "bill",
  collection: "collection",
  collections: "collection",
  card: "card",
  cards: "card",
};

/** The page of a finance or customer object named by kind and id, or null for an id that is not one. */
function pageOf(kind: string, id: string): TargetLink | null {
  const objectKind = Object.hasOwn(KINDS, kind) ? KINDS[kind]! : null;
  const href = objectKind ? objectHref(objectKind, id) : null;
  return objectKind && href ? { href, label: `${kindLabels[objectKind]} ${id}` } : null;
}

/**
 * Where an audit entry's target lives in the back-office, read in the format each writer uses:
 * a bare id for customer actions, `kind:id` for the rest, the request path for a refusal by role,
 * `activity:kind:id` for a refused timeline read. A credit names its account; its link is the
 * transaction it made. Null when the target has no page (a BVN, the audit log itself).
 */
export function targetLink(entry: { action: string; target: string | null; detail: Record<string, unknown> | null }): TargetLink | null {
  const { action, target, detail } = entry;
  if (CREDIT_ACTIONS.has(action) && typeof detail?.transactionId === "string") return pageOf("transaction", detail.transactionId);
  if (!target) return null;
  if (CUSTOMER_ACTIONS.has(action) && !target.includes(":") && !target.startsWith("/")) return pageOf("customer", target);
  if (target.startsWith("/api/v1/")) {
    const [kind, id] = target.slice("/api/v1/".length).split("/");
    return kind && id ? pageOf(kind, decodedOrNull(id) ?? id) : null;
  }
  if (target.startsWith("staff:")) return { href: "/staff", label: "Staff" };
  const parts = target.split(":");
  if (parts[0] === "activity" && parts.length === 3) return pageOf(parts[1]!, parts[2]!);
  if (parts.length === 2) return pageOf(parts[0]!, parts[1]!);
  return null;
}
