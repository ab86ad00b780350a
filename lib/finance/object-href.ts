import { isValidPathParam } from "@/lib/path-params";
import type { ObjectKind } from "./objects";

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
