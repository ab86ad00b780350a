import type { Capability, Role } from "./permissions";
import { can } from "./permissions";

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
];

export function navFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.capability));
}
