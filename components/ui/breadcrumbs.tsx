"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { breadcrumbsFor, type Crumb } from "@/lib/navigation";
import { cx, focusRing } from "./cx";

/**
 * The linked trail above a page title, read from the address so every page of one kind shows the
 * same trail; `fallback` is used only where the address gives none.
 */
export function Breadcrumbs({ fallback }: { fallback?: ReadonlyArray<{ label: string; href?: string }> }) {
  const pathname = usePathname();
  const derived = breadcrumbsFor(pathname);
  // A fallback crumb without an address cannot be followed, so it is left out rather than shown as dead text.
  const crumbs: Crumb[] = derived.length > 0 ? derived : (fallback ?? []).filter((c): c is Crumb => typeof c.href === "string");
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.href}`} className="flex min-w-0 items-center gap-1">
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-400">
                /
              </span>
            ) : null}
            <Link href={crumb.href} className={cx("rounded break-all text-brand-700 underline-offset-2 hover:underline", focusRing)}>
              {crumb.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
