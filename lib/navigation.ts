import type { Capability, Role } from "./permissions";
import { can } from "./permissions";
import { decodedOrNull } from "./url-decode";

export type NavItem = { href: string; label: string; capability: Capability };

/** The navigation, one entry per area; each is shown only to roles holding its capability. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/business", label: "Business profile", capability: "business.read" },
  { href: "/finance", label: "Finance", capability: "finance.read" },
  { href: "/bills/categories", label: "Bill catalogue", capability: "finance.read" },
  { href: "/customers", label: "Customers", capability: "verification.read" },
  { href: "/bvn", label: "BVN lookup", capability: "bvn.lookup" },
  { href: "/audit", label: "Audit trail", capability: "audit.read" },
  { href: "/staff", label: "Staff", capability: "staff.manage" },
  { href: "/webhooks", label: "Incoming updates", capability: "webhooks.manage" },
  { href: "/settings", label: "Settings", capability: "staff.manage" },
];

export function navFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.capability));
}

// Detail pages live outside their section's address (/transactions/… belongs to Finance), so a
// section also owns these prefixes. The longest match wins: /bills/categories before /bills.
const SECTION_PREFIXES: ReadonlyArray<[prefix: string, section: string]> = [
  ["/business", "/business"],
  ["/finance", "/finance"],
  ["/transactions", "/finance"],
  ["/bills/categories", "/bills/categories"],
  ["/bills", "/finance"],
  ["/cards", "/finance"],
  ["/collections", "/finance"],
  ["/customers", "/customers"],
  ["/bvn", "/bvn"],
  ["/audit", "/audit"],
  ["/staff", "/staff"],
  ["/settings", "/settings"],
  ["/webhooks", "/webhooks"],
];

function within(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The nav entry (its href) that a page belongs to, or null for an address outside every section. */
export function sectionFor(pathname: string): string | null {
  let best: [string, string] | null = null;
  for (const entry of SECTION_PREFIXES) {
    if (within(pathname, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? best[1] : null;
}

export type Crumb = { label: string; href: string };

function decodeSegment(segment: string): string {
  return decodedOrNull(segment) ?? segment;
}

const FINANCE: Crumb = { label: "Finance", href: "/finance" };
const CATALOGUE: Crumb = { label: "Bill catalogue", href: "/bills/categories" };

/**
 * The ancestors of a page, each a link; the page itself is its title, not a crumb. Derived from
 * the address so every page gets the same trail whichever component draws its header.
 */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const raw = pathname.split("/").filter(Boolean);
  const parts = raw.map(decodeSegment);
  const href = (count: number) => `/${raw.slice(0, count).join("/")}`;
  const [first, second, third, fourth] = parts;
  switch (first) {
    case "transactions":
    case "collections":
      return parts.length >= 2 ? [FINANCE] : [];
    case "bills":
      if (second === "categories") {
        if (parts.length === 2) return [FINANCE];
        if (parts.length === 3) return [FINANCE, CATALOGUE];
        if (third !== undefined && fourth === "items") return [FINANCE, CATALOGUE, { label: third, href: href(3) }];
        return [FINANCE, CATALOGUE];
      }
      return parts.length >= 2 ? [FINANCE] : [];
    case "cards":
      if (second !== undefined && parts.length >= 4) return [FINANCE, { label: second, href: href(3) }];
      return parts.length >= 2 ? [FINANCE] : [];
    case "customers":
      return parts.length >= 2 ? [{ label: "Customers", href: "/customers" }] : [];
    default:
      return [];
  }
}

const TITLE_ID_LENGTH = 60;

/**
 * "txn_usd_0001 · Transaction": the tab names the object, so ten open tabs can be told apart.
 * The id comes from the address; it is decoded and shortened, never trusted to be well formed.
 */
export function objectTitle(kind: string, id: string): string {
  const text = decodeSegment(id)
    .replace(/\p{Cc}/gu, "")
    .trim();
  const short = text.length > TITLE_ID_LENGTH ? `${text.slice(0, TITLE_ID_LENGTH - 1)}…` : text;
  return short ? `${short} · ${kind}` : kind;
}
