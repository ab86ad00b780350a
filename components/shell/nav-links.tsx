"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { cx, focusRing } from "@/components/ui/cx";
import { sectionFor, type NavItem } from "@/lib/navigation";

/** The areas of the back-office; the one the current page belongs to is marked, detail pages included. */
export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const pathname = usePathname();
  const section = sectionFor(pathname);
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const active = section === item.href;
        // aria-current="page" only on the section's own page; on a detail page the entry is the
        // current section ("location"), not the page being read.
        const current = active ? (pathname === item.href ? "page" : "location") : undefined;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current}
              onClick={onNavigate}
              className={cx(
                "block rounded-md border-l-4 px-3 py-2 text-sm",
                active
                  ? "border-brand-600 bg-brand-50 font-semibold text-brand-700"
                  : "border-transparent text-slate-700 hover:bg-slate-100",
                focusRing,
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
