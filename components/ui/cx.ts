/** Joins class names, dropping falsy ones; no dependency needed for this. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/** The one focus ring, so every control shows keyboard focus the same way. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
