"use client";

import { useRef, useState } from "react";

/**
 * For a dialog whose whole body (its form, mutation and fields) is fetched on the first press of
 * the button that opens it, not with the page: the button's props, the open state the body is
 * given, and `session`, a key that gives each opening a fresh body (the form starts blank, as a
 * dialog kept mounted would be reset on opening). Until the first press, `wanted` is false and the
 * body is not rendered, so its chunk is not requested.
 */
export function useDialogOnUse() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return {
    wanted: session > 0,
    session,
    dialog: { open, onOpenChange: setOpen, triggerRef },
    trigger: {
      ref: triggerRef,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      "data-state": open ? "open" : "closed",
      onClick: () => {
        setSession((n) => n + 1);
        setOpen(true);
      },
    },
  };
}
