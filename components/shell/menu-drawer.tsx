"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useState, type ReactNode } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import type { NavItem } from "@/lib/navigation";
import { NavLinks } from "./nav-links";

/**
 * The menu below 1024 px: a Radix dialog sliding in from the left. Radix traps focus, closes on
 * Escape and on a click outside, and gives focus back to the menu button; a link closes it too.
 */
export function MenuDrawer({ nav, account }: { nav: NavItem[]; account: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Widening the window past 1024 px hides the drawer; close it too, or its focus trap and scroll
  // lock would stay on a page that no longer shows it.
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger
        aria-label="Menu"
        className={cx("-ml-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden", focusRing)}
      >
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" className="size-5" aria-hidden="true">
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden dark:bg-black/60" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="text-sm font-semibold text-slate-900">Menu</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close menu" className={cx("inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800", focusRing)}>
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </RadixDialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 px-3 py-4">
            <NavLinks items={nav} onNavigate={() => setOpen(false)} />
          </nav>
          <div className="border-t border-slate-200 px-4 py-4">{account}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
