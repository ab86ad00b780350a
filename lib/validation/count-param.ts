import { z } from "@/lib/validation/zod";

/**
 * A count from a query string (a page size, an offset): decimal digits only, so "0x10", "1e3",
 * "+5" or "5.0" is refused rather than read as 16, 1000 or 5. Blank or absent gives `fallback`.
 * Every refusal says the allowed range, in the words of `label` ("The limit").
 */
export function countParam(label: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    if (value.trim() === "") return undefined;
    return /^\d+$/.test(value) ? Number(value) : Number.NaN;
  }, z.number({ message }).int({ message }).min(min, { message }).max(max, { message }).default(fallback));
}
