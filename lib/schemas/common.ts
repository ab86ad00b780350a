import { z } from "@/lib/validation/zod";

/**
 * The spec does not say which response fields are always present, so every field except the
 * identifier is parsed as optional and normalised to `null`: a missing field shows as "—"
 * instead of failing the whole page. Types are still strict: a string field holding a number
 * is nonsense from the upstream and fails the parse (502).
 */
export const optString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const optNumber = z
  .number()
  .finite()
  .nullish()
  .transform((v) => v ?? null);

export const optBoolean = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);

/** ISO 8601 date-time in UTC, e.g. 2026-01-31T09:15:00Z; kept as the string the API sent. */
export const optDateTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: "Expected an ISO 8601 date-time" })
  .nullish()
  .transform((v) => v ?? null);

export const id = z.string().min(1);
