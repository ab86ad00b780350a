"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useEffect, useEffectEvent } from "react";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import { cx, focusRing } from "@/components/ui/cx";
import { takeEarlyPresses } from "./early-shortcut";
import type { NavItem } from "@/lib/navigation";

// The dialog (cmdk, Radix's dialog, the search's reads) is fetched the first time it is asked for,
// not with every page: most visits never open it.
const CommandPaletteDialog = lazyPart(() => import("./command-palette-dialog"), "CommandPaletteDialog", "floating");

/** The header's search button and ⌘K / Ctrl+K; the palette itself is command-palette-dialog.tsx. */
export function CommandPalette({ nav }: { nav: NavItem[] }) {
  // Once asked for, the dialog stays mounted (closed), so a second opening has nothing to load.
  const { wanted, toggle, dialog, trigger } = useDialogOnUse();
  const onShortcut = useEffectEvent(toggle);

  useEffect(() => {
    // Presses made before this listened (early-shortcut.ts): an odd count leaves it open.
    if (takeEarlyPresses() % 2 === 1) onShortcut();
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        onShortcut();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        {...trigger}
        type="button"
        aria-keyshortcuts="Control+K Meta+K"
        className={cx(
          "inline-flex h-10 shrink-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-600 hover:bg-slate-50 sm:min-w-44",
          focusRing,
        )}
      >
        <svg aria-hidden viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="9" cy="9" r="6" />
          <path d="m14 14 4 4" strokeLinecap="round" />
        </svg>
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd className="ml-auto hidden rounded border border-slate-200 px-1.5 text-xs text-slate-500 sm:inline">Ctrl K</kbd>
      </button>
      {wanted ? <CommandPaletteDialog nav={nav} {...dialog} /> : null}
    </>
  );
}
