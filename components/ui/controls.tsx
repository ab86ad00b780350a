"use client";

import { useEffectEvent, useLayoutEffect, useRef, type ChangeEvent, type ComponentPropsWithoutRef } from "react";
import { cx, focusRing } from "./cx";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Whether the reader changed the control after the server drew it and before React took it over
 * (or the browser filled it in): its value differs from the one it was drawn with. A control drawn
 * by React in the browser holds what it was drawn with, so this is false there.
 */
function changedSinceDrawn(el: Control): boolean {
  if (el instanceof HTMLSelectElement) {
    const options = Array.from(el.options);
    // Only a server-drawn select marks its option `selected` in the markup (defaultSelected).
    return options.some((o) => o.defaultSelected) && options.some((o) => o.selected !== o.defaultSelected);
  }
  if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio" || el.type === "file")) return false;
  return el.value !== el.defaultValue;
}

/**
 * A choice made in a server-drawn control before the page's script ran (a slow phone, a big page)
 * would be dropped silently: React draws a controlled control with its state's value, and its own
 * replay of such changes is not in its stable build. When the control is taken over, a value the
 * reader gave it first goes to its onChange, as if given now.
 */
function useEarlyChange<E extends Control>(value: unknown, onChange: ((event: ChangeEvent<E>) => void) | undefined) {
  const own = useRef<E>(null);
  const adopt = useEffectEvent(() => {
    const el = own.current;
    const controlled = typeof value === "string" || typeof value === "number";
    if (el && controlled && onChange && el.value !== String(value) && changedSinceDrawn(el)) {
      onChange({ target: el, currentTarget: el } as ChangeEvent<E>);
    }
  });
  // Once, when the control is taken over: in the same commit, before anything can draw it again.
  useLayoutEffect(() => adopt(), []);
  return own;
}

const controlClasses = cx(
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm",
  "placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
  "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-600",
  focusRing,
);

/** `invalid` is a shortcut for aria-invalid when a control is used outside a Field. */
type Invalid = { invalid?: boolean };

/**
 * Sized by padding around a 20 px line (36 px in all), not by a fixed height: with `height` set,
 * Chromium at 1× density clips the text's bottom pixels inside an input, and the underscores of
 * ids such as txn_usd_0001 vanish. min-h keeps 36 px if a font's line comes out shorter.
 */
export function Input({ invalid, className, "aria-invalid": ariaInvalid, ...props }: ComponentPropsWithoutRef<"input"> & Invalid) {
  const adopted = useEarlyChange(props.value, props.onChange);
  return (
    <input
      {...props}
      ref={adopted}
      aria-invalid={ariaInvalid ?? (invalid || undefined)}
      className={cx(controlClasses, "min-h-9 py-1.5 leading-5", className)}
    />
  );
}

export function Textarea({ invalid, className, "aria-invalid": ariaInvalid, ...props }: ComponentPropsWithoutRef<"textarea"> & Invalid) {
  const adopted = useEarlyChange(props.value, props.onChange);
  return (
    <textarea
      rows={3}
      {...props}
      ref={adopted}
      aria-invalid={ariaInvalid ?? (invalid || undefined)}
      className={cx(controlClasses, "py-2", className)}
    />
  );
}

export function Select({ invalid, className, "aria-invalid": ariaInvalid, ...props }: ComponentPropsWithoutRef<"select"> & Invalid) {
  const adopted = useEarlyChange(props.value, props.onChange);
  return (
    <select
      {...props}
      ref={adopted}
      aria-invalid={ariaInvalid ?? (invalid || undefined)}
      className={cx(controlClasses, "h-9 pr-8", className)}
    />
  );
}
