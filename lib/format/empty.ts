/** Shown wherever a value is missing, so "nothing" never reads as zero. */
export const EMPTY = "—";
