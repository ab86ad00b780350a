"use client";

import { lazyPart } from "./lazy-part";
import {
  cloneElement,
  createContext,
  isValidElement,
  use,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from "react";
import { cx } from "./cx";
import type { DialogContentProps } from "./dialog-content";

// The dialog itself (Radix: focus trap, Escape, the page hidden from screen readers) is fetched the
// first time one opens, not with every page that has a button opening one. These parts keep Radix's
// names and props; the trigger and the close button are plain buttons until then.
const LoadedDialog = lazyPart(() => import("./dialog-content"), "LoadedDialog");

type DialogState = { open: boolean; setOpen: (open: boolean) => void; trigger: RefObject<HTMLElement | null> };
const DialogContext = createContext<DialogState | null>(null);

function useDialog(part: string): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error(`${part} must be inside a <Dialog>`);
  return state;
}

/**
 * A dialog, opened and closed by its owner (`open`, `onOpenChange`), as every dialog of the app is.
 * `triggerRef`: the button that opened it when that button is not a DialogTrigger inside it (a
 * dialog whose body loads on use, see use-dialog-on-use.ts); focus comes back to it on closing.
 */
export function Dialog({
  open,
  onOpenChange,
  triggerRef,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLElement | null>(null);
  return <DialogContext value={{ open, setOpen: onOpenChange, trigger: triggerRef ?? own }}>{children}</DialogContext>;
}

type ClickableChild = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void; ref?: unknown }>;

/** The element that opens the dialog (`asChild`: its one child, a button); focus comes back to it on closing. */
export function DialogTrigger({ children }: { asChild: true; children: ClickableChild }) {
  const { open, setOpen, trigger } = useDialog("DialogTrigger");
  if (!isValidElement(children)) return null;
  return cloneElement(children, {
    ref: trigger,
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    "data-state": open ? "open" : "closed",
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      if (!event.defaultPrevented) setOpen(true);
    },
  } as Partial<ClickableChild["props"]>);
}

/** An element that closes the dialog (`asChild`: its one child, a button). */
export function DialogClose({ children }: { asChild: true; children: ClickableChild }) {
  const { setOpen } = useDialog("DialogClose");
  if (!isValidElement(children)) return null;
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      if (!event.defaultPrevented) setOpen(false);
    },
  });
}

/** The dialog's box, with its title and a close button in the corner; loaded and mounted from the first opening on. */
export function DialogContent(props: DialogContentProps) {
  const { open, setOpen, trigger } = useDialog("DialogContent");
  // Once opened it stays mounted (closed), so Radix can finish closing and a second opening has nothing to load.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <LoadedDialog
      {...props}
      open={open}
      onOpenChange={setOpen}
      returnFocus={() => {
        trigger.current?.focus();
        return trigger.current !== null;
      }}
    />
  );
}

/** Right-aligned action row at the bottom of a dialog. */
export function DialogFooter({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div {...props} className={cx("mt-6 flex flex-wrap justify-end gap-2", className)} />;
}
