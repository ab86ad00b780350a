"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import type { NavItem } from "@/lib/navigation";
import { NavLinks } from "./nav-links";

/**
 * The menu below 1024 px, loaded the first time the menu button asks for it (menu-drawer.tsx): a
 * Radix dialog sliding in from the left. Radix traps focus, closes on Escape and on a click outside;
 * focus goes back to the menu button, and a link closes it too.
 */
export function MenuDrawerDialog({
  nav,
  account,
  open,
  onOpenChange,
  triggerRef,
}: {
  nav: NavItem[];
  account: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shell's button that opens it, where focus goes back on closing. */
  triggerRef: RefObject<HTMLElement | null>;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden dark:bg-black/60" />
        <RadixDialog.Content
          aria-describedby={undefined}
          // There is no Radix trigger (the button lives in the shell, loaded before this): focus goes back to it by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="text-sm font-semibold text-slate-900">Menu</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close menu"
              className={cx(
                "inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800",
                focusRing,
              )}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </RadixDialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 px-3 py-4">
            <NavLinks items={nav} onNavigate={() => onOpenChange(false)} />
          </nav>
          <div className="border-t border-slate-200 px-4 py-4">{account}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
