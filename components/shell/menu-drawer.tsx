"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useEffect, type ReactNode } from "react";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import { cx, focusRing } from "@/components/ui/cx";
import type { NavItem } from "@/lib/navigation";

// The drawer (Radix's dialog) is fetched the first time the menu button is pressed, not with every page.
const MenuDrawerDialog = lazyPart(() => import("./menu-drawer-dialog"), "MenuDrawerDialog", "floating");

/** The menu button below 1024 px; the drawer it opens is menu-drawer-dialog.tsx. */
export function MenuDrawer({ nav, account }: { nav: NavItem[]; account: ReactNode }) {
  // Once asked for, the drawer stays mounted (closed), so a second opening has nothing to load.
  const { wanted, dialog, trigger } = useDialogOnUse();
  const close = dialog.onOpenChange;
  // Widening the window past 1024 px hides the drawer; close it too, or its focus trap and scroll
  // lock would stay on a page that no longer shows it.
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const onChange = () => {
      if (wide.matches) close(false);
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [close]);
  return (
    <>
      <button
        {...trigger}
        type="button"
        aria-label="Menu"
        className={cx(
          "-ml-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden",
          focusRing,
        )}
      >
        <svg
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          className="size-5"
          aria-hidden="true"
        >
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
      </button>
      {wanted ? <MenuDrawerDialog nav={nav} account={account} {...dialog} /> : null}
    </>
  );
}
