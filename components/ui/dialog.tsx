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
import { mayChangeOpen, PENDING_HINT } from "./dialog-guard";

// The dialog itself (Radix: focus trap, Escape, the page hidden from screen readers) is fetched the
// first time one opens, not with every page that has a button opening one. These parts keep Radix's
// names and props; the trigger and the close button are plain buttons until then.
const LoadedDialog = lazyPart(() => import("./dialog-content"), "LoadedDialog", "floating");

type DialogState = {
  open: boolean;
  /** The owner's onOpenChange, held back while `pending` (dialog-guard.ts). */
  setOpen: (open: boolean) => void;
  pending: boolean;
  trigger: RefObject<HTMLElement | null>;
};
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
 * `pending`: its action's request is on its way (a mutation's isPending, a form's pending). Until it
 * is answered, Escape, a click beside it and the corner button do nothing, every DialogClose (Cancel)
 * is disabled and the footer says it is working: an answer shown once is never dropped by a close.
 */
export function Dialog({
  open,
  onOpenChange,
  pending = false,
  triggerRef,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending?: boolean;
  triggerRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLElement | null>(null);
  const setOpen = (next: boolean) => {
    if (mayChangeOpen(next, pending)) onOpenChange(next);
  };
  return <DialogContext value={{ open, setOpen, pending, trigger: triggerRef ?? own }}>{children}</DialogContext>;
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

type ClosingChild = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void; disabled?: boolean }>;

/** An element that closes the dialog (`asChild`: its one child, a button); disabled while the dialog's action runs. */
export function DialogClose({ children }: { asChild: true; children: ClosingChild }) {
  const { setOpen, pending } = useDialog("DialogClose");
  if (!isValidElement(children)) return null;
  return cloneElement(children, {
    disabled: pending || children.props.disabled,
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      if (!event.defaultPrevented) setOpen(false);
    },
  });
}

/** The dialog's box, with its title and a close button in the corner; loaded and mounted from the first opening on. */
export function DialogContent(props: DialogContentProps) {
  const { open, setOpen, pending, trigger } = useDialog("DialogContent");
  // Once opened it stays mounted (closed), so Radix can finish closing and a second opening has nothing to load.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <LoadedDialog
      {...props}
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      returnFocus={() => {
        trigger.current?.focus();
        return trigger.current !== null;
      }}
    />
  );
}

/** Right-aligned action row at the bottom of a dialog; while the dialog's action runs, it says so (Cancel is disabled then). */
export function DialogFooter({ className, children, ...props }: ComponentPropsWithRef<"div">) {
  const pending = use(DialogContext)?.pending ?? false;
  return (
    <div {...props} className={cx("mt-6 flex flex-wrap justify-end gap-2", className)}>
      {pending ? (
        <span role="status" className="mr-auto self-center text-sm text-slate-600" data-testid="dialog-pending">
          {PENDING_HINT}
        </span>
      ) : null}
      {children}
    </div>
  );
}
