"use client";

import { useRef, useState } from "react";

/**
 * For a dialog whose whole body (its form, mutation and fields, or the shell's palette and drawer)
 * is fetched on the first press of the button that opens it, not with the page: the button's props,
 * the open state the body is given, and `session`, a key a form's body takes so each opening starts
 * blank (the shell's palette and drawer take none: they stay mounted, closed, between openings).
 * Until the first opening, `wanted` is false and the body is not rendered, so its chunk is not requested.
 */
export function useDialogOnUse() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const show = () => {
    setSession((n) => n + 1);
    setOpen(true);
  };
  return {
    wanted: session > 0,
    session,
    /** Opens it when closed and closes it when open: what a keyboard shortcut does. */
    toggle: () => (open ? setOpen(false) : show()),
    dialog: { open, onOpenChange: setOpen, triggerRef },
    trigger: {
      ref: triggerRef,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      "data-state": open ? "open" : "closed",
      onClick: show,
    },
  };
}
