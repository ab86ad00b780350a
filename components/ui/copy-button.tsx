"use client";

import { useEffect, useRef, useState } from "react";
import { cx, focusRing } from "./cx";

type CopyButtonProps = {
  value: string;
  /** What is copied, for the accessible name: "Copy <label>". */
  label: string;
  className?: string;
};

type Result = "idle" | "copied" | "failed";

/** Copies ids and references exactly, so nobody retypes a 30-character reference by hand. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [result, setResult] = useState<Result>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    let next: Result = "copied";
    try {
      // The Clipboard API exists only in secure contexts (https, localhost).
      await navigator.clipboard.writeText(value);
    } catch {
      next = "failed";
    }
    setResult(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setResult("idle"), 2000);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        className={cx(
          "inline-flex size-6 items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700",
          focusRing,
          className,
        )}
      >
        {result === "copied" ? (
          <svg
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="size-3.5 text-emerald-600"
            aria-hidden="true"
          >
            <path d="M4 10.5l4 4 8-9" />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-3.5" aria-hidden="true">
            <rect x="7" y="7" width="10" height="10" rx="1.5" />
            <path d="M13 7V4.5A1.5 1.5 0 0 0 11.5 3h-7A1.5 1.5 0 0 0 3 4.5v7A1.5 1.5 0 0 0 4.5 13H7" />
          </svg>
        )}
      </button>
      <span aria-live="polite" className={result === "failed" ? "ml-1 text-xs text-red-700" : "sr-only"}>
        {result === "copied" ? "Copied" : result === "failed" ? "Copy failed" : ""}
      </span>
    </>
  );
}
