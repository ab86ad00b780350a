"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { cx, focusRing } from "./cx";

/**
 * A box that scrolls sideways inside its card. Only while its content is wider than the box does
 * it become a named tab stop, so keyboard users can scroll it with the arrow keys; a table that
 * fits adds no extra stop.
 */
export function ScrollX({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setOverflowing(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      {...(overflowing ? { tabIndex: 0, role: "region", "aria-label": `${label} (scrolls sideways)` } : {})}
      // `relative`: absolutely placed text in a cell (sr-only) scrolls with the table instead of widening the page.
      className={cx("relative max-w-full overflow-x-auto overscroll-x-contain", overflowing && focusRing, className)}
    >
      {children}
    </div>
  );
}
