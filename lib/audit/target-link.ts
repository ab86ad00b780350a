import { isValidPathParam } from "@/lib/path-params";
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

const e = encodeURIComponent;

/** The page of a finance or customer object named by kind and id, or null for an id that is not one. */
function pageOf(kind: string, id: string): TargetLink | null {
  if (!isValidPathParam(id)) return null;
  switch (kind) {
    case "customer":
    case "customers":
      return { href: `/customers/${e(id)}`, label: `Customer ${id}` };
    case "transaction":
    case "transactions":
      return { href: `/transactions/${e(id)}`, label: `Transaction ${id}` };
    case "bill":
    case "bills":
      return { href: `/bills/${e(id)}`, label: `Bill ${id}` };
    case "collection":
    case "collections":
      return { href: `/collections/${e(id)}`, label: `Collection ${id}` };
    case "card":
    case "cards":
      return { href: `/cards/${e(id)}/transactions`, label: `Card ${id}` };
    default:
      return null;
  }
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
