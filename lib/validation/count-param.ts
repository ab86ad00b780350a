import { z } from "@/lib/validation/zod";

// Number() would read "0x10" as 16, "1e3" as 1000 and "+5" or "5.0" as 5: only plain digits count.
const decimalDigits = (value: unknown) => {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
};

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

/**
 * A count from a query string (a page size, an offset): decimal digits only, so "0x10", "1e3",
 * "+5" or "5.0" is refused rather than read as 16, 1000 or 5. Blank or absent gives `fallback`.
 * Every refusal says the allowed range, in the words of `label` ("The limit").
 */
export function countParam(label: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  return z.preprocess(decimalDigits, wholeNumber(label, min, max).default(fallback));
}

/** The same for a count that may be left out (a keyset cursor): blank or absent stays undefined. */
export function optionalCountParam(label: string, { min, max }: { min: number; max: number }) {
  return z.preprocess(decimalDigits, wholeNumber(label, min, max).optional());
}
