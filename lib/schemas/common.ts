import { z } from "@/lib/validation/zod";
import { PATH_PARAM_MAX_LENGTH } from "@/lib/path-params";
import { canonicalDateTime, UPSTREAM_DATE_TIME_MESSAGE, upstreamInstant } from "@/lib/time/instant";

/**
 * The longest text the upstream may send, in UTF-16 code units (what `.length` counts). The spec
 * shows no length bounds; these are well above what a provider sends, so only nonsense reaches
 * them, and that fails the answer (502) instead of reaching the browser, the log and storage.
 */
export const UPSTREAM_TEXT_MAX = {
  /** An id: no longer than an id a path may carry, or it could never be asked for. */
  id: PATH_PARAM_MAX_LENGTH,
  /** An enumerated word or short code: status, type, category, currency, country, MCC, a date as text. */
  code: 64,
  /** One line: a name, an email (254 at most, RFC 5321), a reference, an account or phone number, a token. */
  line: 256,
  /** Free text: a description, a narration, an address, a message. */
  text: 1000,
  /** A URL (a logo), at the length browsers and servers commonly honour. */
  url: 2048,
} as const;
export type UpstreamTextKind = keyof typeof UPSTREAM_TEXT_MAX;

/** A string from the upstream, at most `UPSTREAM_TEXT_MAX[kind]` long. Every upstream string is one. */
export const upstreamText = (kind: UpstreamTextKind) =>
  z.string().max(UPSTREAM_TEXT_MAX[kind], { message: `Expected at most ${UPSTREAM_TEXT_MAX[kind]} characters` });

/**
 * The spec does not say which response fields are always present, so every field except the
 * identifier is parsed as optional and normalised to `null`: a missing field shows as "—"
 * instead of failing the whole page. Types are still strict: a string field holding a number
 * is nonsense from the upstream and fails the parse (502), and so does a number or a date-time
 * that cannot be what it claims to be, or text past its bound.
 */
export const optText = (kind: UpstreamTextKind) =>
  upstreamText(kind)
    .nullish()
    .transform((v) => v ?? null);

/**
 * ISO 4217 gives no currency more than 4 minor digits (CLF). Amounts are summed and compared in
 * integer minor units, exact only up to 2^53 − 1; a larger amount would come back a few units off.
 */
const MAX_MINOR_DIGITS = 4;
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER / 10 ** MAX_MINOR_DIGITS;

/** An upstream number (amounts, charges, balances, rates): finite, and exact in any currency's minor units. */
export const upstreamNumber = z
  .number()
  .finite()
  .refine((v) => Math.abs(v) <= MAX_AMOUNT, { message: `Expected a number no larger than ${Math.floor(MAX_AMOUNT)} in magnitude` });

export const optNumber = upstreamNumber.nullish().transform((v) => v ?? null);

export const optBoolean = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);

/** ISO 8601 date-time with Z or an offset, e.g. 2026-01-31T09:15:00Z (lib/time/instant.ts), kept with "T" and "Z" upper case. */
export const upstreamDateTime = z
  .string()
  .refine((v) => !Number.isNaN(upstreamInstant(v)), { message: UPSTREAM_DATE_TIME_MESSAGE })
  .transform(canonicalDateTime);

/** `upstreamDateTime`, kept as the string the API sent. */
export const optDateTime = upstreamDateTime.nullish().transform((v) => v ?? null);

export const id = upstreamText("id").min(1);
