"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx, focusRing } from "./cx";

// Radix traps focus, closes on Escape, restores focus to the trigger and hides the rest of the
// page from screen readers; these wrappers only add the look and require a title.

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = Omit<ComponentPropsWithRef<typeof RadixDialog.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  /** Label of the corner close button (default "Close"). */
  closeLabel?: string;
  size?: "sm" | "md" | "lg";
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

export function DialogContent({ title, description, closeLabel = "Close", size = "md", className, children, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <RadixDialog.Content
        // Without a description Radix would warn; tell it there is none on purpose.
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        className={cx(
          "fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
          "rounded-lg border border-slate-200 bg-white p-6 shadow-xl focus:outline-none",
          widths[size],
          className,
        )}
      >
        <div className="mb-4 pr-8">
          <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
        </div>
        {children}
        <RadixDialog.Close
          aria-label={closeLabel}
          className={cx("absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800", focusRing)}
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** Right-aligned action row at the bottom of a dialog. */
export function DialogFooter({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div {...props} className={cx("mt-6 flex justify-end gap-2", className)} />;
}
