"use client";

import { useEffect, useState, type RefObject } from "react";

/** Whether an element's box is narrower than `rem` root ems, kept current as it resizes; false until measured. */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, rem: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setNarrow(box.clientWidth < rem * parseFloat(getComputedStyle(document.documentElement).fontSize));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, rem]);
  return narrow;
}
