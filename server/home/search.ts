import "server-only";
import { panelState, STATE_DESCRIPTIONS } from "@/lib/customers/verification-states";
import { objectHref } from "@/lib/finance/object-href";
import { isApproved } from "@/lib/schemas/card-verification";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";
import { navFor } from "@/lib/navigation";
import { can, type Role } from "@/lib/permissions";
import type { SearchResult } from "@/lib/search/results";
import type { Db } from "@/server/db/types";
import { findCustomers, type FoundCustomer } from "./ops-queue";
import { findSeen, type SeenKind } from "@/server/finance/seen-objects";
import { findIssuedCards } from "./issued-card-search";
import { findOpenedCards } from "./opened-card-search";

const KIND_TITLES: Record<SeenKind, string> = { transaction: "Transaction", bill: "Bill", collection: "Collection account" };

/** The words the customer page's badge uses ("Not submitted"), never the upstream's code. */
const customerStateLabel = (c: FoundCustomer) =>
  STATE_DESCRIPTIONS[
    panelState({
      status: c.status,
      approved: isApproved({ status: c.status, can_create_card: c.canCreateCard }),
      verified_at_issuance: c.verifiedAtIssuance,
    })
  ].label;

/**
 * One search over what the back-office legitimately knows (the spec has no search endpoints): the
 * seen-objects index, the cards issued or opened here, the customers the upstream confirmed (never an
 * id it answered 404 for), and the pages of the role.
 * Each kind is asked for only when the role may open it.
 */
export async function search({
  db,
  actor: { role },
  input: { q: rawQ },
}: {
  db: Db;
  actor: { role: Role };
  input: { q: string };
}): Promise<SearchResult[]> {
  // Read as stored: an account number typed in full-width or Arabic-Indic digits is the same number.
  // Digits only, not case: each query below compares case as its column needs (an exact customer id).
  const q = normalizeDigits(rawQ).trim();
  const results: SearchResult[] = [];
  // A result opens a page: an id that could not name one (see objectHref) is not offered.
  const add = (result: Omit<SearchResult, "href">, href: string | null) => {
    if (href !== null) results.push({ ...result, href });
  };
  const lower = q.toLowerCase();
  for (const item of navFor(role)) {
    if (item.label.toLowerCase().includes(lower))
      results.push({ kind: "page", id: item.href, title: item.label, subtitle: "Page", href: item.href });
  }
  const seenKinds: SeenKind[] = can(role, "finance.read") ? ["transaction", "bill", "collection"] : [];
  for (const row of await findSeen({ db, q, kinds: seenKinds })) {
    const subtitle = [
      KIND_TITLES[row.kind],
      row.accountNumber ? `account ${row.accountNumber}` : null,
      row.reference ? `ref ${row.reference}` : null,
      row.label || null,
    ]
      .filter(Boolean)
      .join(" · ");
    add({ kind: row.kind, id: row.id, title: row.id, subtitle }, objectHref(row.kind, row.id));
  }
  if (can(role, "finance.read")) {
    for (const card of await findIssuedCards({ db, q })) {
      const subtitle = ["Card", card.cardLast4 ? `ending ${card.cardLast4}` : null, `customer ${card.customerId}`]
        .filter(Boolean)
        .join(" · ");
      add({ kind: "card", id: card.cardId, title: card.cardId, subtitle }, objectHref("card", card.cardId));
    }
    const listed = new Set(results.filter((r) => r.kind === "card").map((r) => r.id));
    for (const cardId of await findOpenedCards({ db, q })) {
      if (listed.has(cardId)) continue;
      add({ kind: "card", id: cardId, title: cardId, subtitle: "Card · opened by the team" }, objectHref("card", cardId));
    }
  }
  if (can(role, "verification.read")) {
    for (const c of await findCustomers({ db, q })) {
      add(
        { kind: "customer", id: c.customerId, title: c.customerId, subtitle: `Customer · ${customerStateLabel(c)}` },
        objectHref("customer", c.customerId),
      );
    }
  }
  return results;
}
