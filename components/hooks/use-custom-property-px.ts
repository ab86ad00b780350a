"use client";

import { useEffect, useState, type RefObject } from "react";

/**
 * An element's length custom property in px (`--row-height: 60px`), kept current as the element
 * resizes, since a container or media query may give it another value; `fallback` until measured.
 */
export function useCustomPropertyPx(ref: RefObject<HTMLElement | null>, name: `--${string}`, fallback: number): number {
  const [px, setPx] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const value = parseFloat(getComputedStyle(element).getPropertyValue(name));
      if (Number.isFinite(value)) setPx(value);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, name]);
  return px;
}
