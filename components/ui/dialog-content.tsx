"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx, focusRing } from "./cx";
import { mayChangeOpen } from "./dialog-guard";

// Radix traps focus, closes on Escape and hides the rest of the page from screen readers; this
// file is loaded the first time a dialog opens (dialog.tsx), so a page carries Radix only once used.

export type DialogContentProps = Omit<ComponentPropsWithRef<typeof RadixDialog.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  /** Label of the corner close button (default "Close"). */
  closeLabel?: string;
  size?: "sm" | "md" | "lg";
};

type RootProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Moves focus back to the trigger on closing (the dialog has no Radix trigger of its own); false when there is none. */
  returnFocus: () => boolean;
  /** Its action's request is on its way: Escape, a click beside it and the corner button do nothing (dialog-guard.ts). */
  pending?: boolean;
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/** The open dialog: Radix's root, overlay and content with its title and corner close button. */
export function LoadedDialog({
  open,
  onOpenChange,
  returnFocus,
  pending = false,
  title,
  description,
  closeLabel = "Close",
  size = "md",
  className,
  children,
  onInteractOutside,
  onEscapeKeyDown,
  ...props
}: DialogContentProps & RootProps) {
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (mayChangeOpen(next, pending)) onOpenChange(next);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <RadixDialog.Content
          // Without a description Radix would warn; tell it there is none on purpose.
          {...(description ? {} : { "aria-describedby": undefined })}
          // A click beside the dialog does not close it (Escape and the close button do): typed values
          // would be lost, and when the dialog changes height it re-centres, so the second half of a
          // double click on its submit button can land beside it. A caller may pass its own handler;
          // while the action runs, nothing closes it whatever that handler says.
          onInteractOutside={(event) => {
            if (onInteractOutside) onInteractOutside(event);
            else event.preventDefault();
            if (pending) event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            onEscapeKeyDown?.(event);
            if (pending) event.preventDefault();
          }}
          // Back to the trigger when there is one; a dialog opened another way leaves it to Radix (the element focused before).
          onCloseAutoFocus={(event) => {
            if (returnFocus()) event.preventDefault();
          }}
          {...props}
          className={cx(
            // Fits a 360 px phone and a short landscape screen: 1 rem of page around it, its own scroll inside.
            "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain",
            "rounded-lg border border-slate-200 bg-white p-4 shadow-xl focus:outline-none sm:p-6",
            widths[size],
            className,
          )}
        >
          <div className="mb-4 pr-8">
            <RadixDialog.Title className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
          </div>
          {children}
          <RadixDialog.Close
            aria-label={closeLabel}
            disabled={pending}
            className={cx(
              "absolute top-3 right-3 rounded-md p-1.5 sm:top-4 sm:right-4 text-slate-500 hover:bg-slate-100 hover:text-slate-800",
              "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent",
              focusRing,
            )}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
