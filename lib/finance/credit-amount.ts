/**
 * The one reading of a typed credit amount, shared by the credit form, its confirmation and the
 * route's schema (lib/schemas/credit.ts). Free of zod, so the dialog can use it before its rules load.
 */
import { currencyMinorDigits, decimalOfMinor, normaliseCurrency } from "@/lib/format/money";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";

/** Assumption (bounds not shown by the spec): amounts are major units, positive, at most 1,000,000. */
export const CREDIT_MAX_AMOUNT = 1_000_000;
const MAX_WHOLE_DIGITS = String(CREDIT_MAX_AMOUNT).length;

/**
 * How many decimals an amount in this currency may have: the currency's own minor digits. A currency
 * whose minor unit is not known (or no currency at all) takes whole amounts only: a whole amount
 * means the same in every currency, so nothing typed can be cut short or read ten times too large.
 */
export type MinorUnit = { code: string | null; digits: number; known: boolean };

export function minorUnitOf(currency: string | null | undefined): MinorUnit {
  const code = normaliseCurrency(currency);
  const digits = currencyMinorDigits(code);
  return digits === null ? { code, digits: 0, known: false } : { code, digits, known: true };
}

export type CreditAmount = { ok: true; minor: number; digits: number; amount: number } | { ok: false; message: string };

const WORDS = ["no", "one", "two", "three", "four"];
const words = (n: number) => WORDS[n] ?? String(n);

// Digits with optional thousands separators ("1,000"), then optionally "." and decimals. No sign,
// no exponent, no NaN/Infinity: the text is read as a decimal, never through parseFloat.
const AMOUNT_PATTERN = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
/**
 * A decimal comma, as an iPhone's decimal keypad types it in a comma-decimal region (it has no "."):
 * one comma and no dot. "1,5" and "12,50" are 1.50 and 12.50 for USD; a thousands group always has
 * three digits, so "1,500" stays one thousand five hundred.
 */
const ONE_COMMA = /^(\d+),(\d+)$/;
const THOUSANDS_GROUP = /^\d{1,3}$/;

/**
 * "Digits only" would be untrue of "١٠٠" or "１００": they are digits, of another script. Refused (the
 * upstream reads ASCII) with a sentence that says why, as the BVN's schema does.
 */
export const OTHER_SCRIPT_DIGITS = (what: string) => `Type the ${what} with the digits 0–9: digits from other scripts are not accepted.`;

function tooManyDecimals({ code, digits, known }: MinorUnit): string {
  if (code === null) return "The account has no currency on record: enter a whole amount.";
  if (!known) return `The minor unit of ${shown(code)} is not known here: enter a whole amount.`;
  if (digits === 0) return `${code} has no minor unit: enter a whole amount.`;
  return `Use at most ${words(digits)} decimal place${digits === 1 ? "" : "s"} for ${code}.`;
}

/** A code is echoed only when it looks like one: the account's currency field may hold anything. */
const shown = (code: string) => (/^[A-Z]{3}$/.test(code) ? code : "the account's currency");

function notDigits({ digits }: MinorUnit): string {
  const example = digits === 0 ? "1,000" : `1,000.${"5".padEnd(digits, "0")}`;
  const decimals = digits === 0 ? "" : ` with at most ${words(digits)} decimal${digits === 1 ? "" : "s"}`;
  return `Enter the amount as digits${decimals}, for example ${example}.`;
}

const refuse = (message: string): CreditAmount => ({ ok: false, message });

/**
 * "1,000.50" USD → 100050 minor units, "12,50" → 1250, "1.125" KWD → 1125, "1000" JPY → 1000.
 * Exactly the currency's minor digits are read: one more is refused, never rounded.
 */
export function readCreditAmount(input: string, currency: string | null | undefined): CreditAmount {
  const unit = minorUnitOf(currency);
  const { digits } = unit;
  const trimmed = input.trim();
  if (trimmed === "") return refuse("Enter an amount.");
  if (trimmed.startsWith("-")) return refuse("The amount must be more than zero.");

  let text = trimmed;
  const comma = ONE_COMMA.exec(trimmed);
  if (comma) {
    const [, before = "", after = ""] = comma;
    const thousands = THOUSANDS_GROUP.test(before) && after.length === 3;
    // With three or more minor digits, "1,500" is one thousand five hundred or 1.500: asked, not guessed.
    if (thousands && digits >= 3)
      return refuse(`${trimmed} could be ${before}${after} or ${before}.${after} ${unit.code}: type it without the comma.`);
    if (!thousands) {
      if (after.length > digits) return refuse(tooManyDecimals(unit));
      text = `${before}.${after}`;
    }
  }

  const match = text.length > 24 ? null : AMOUNT_PATTERN.exec(text);
  if (!match) {
    const ascii = normalizeDigits(text);
    const otherScript = ascii !== text && (AMOUNT_PATTERN.test(ascii) || ONE_COMMA.test(ascii));
    return refuse(otherScript ? OTHER_SCRIPT_DIGITS("amount") : notDigits(unit));
  }
  const fraction = match[1] ?? "";
  if (fraction.length > digits) return refuse(tooManyDecimals(unit));

  const whole = text
    .split(".")[0]!
    .replaceAll(",", "")
    .replace(/^0+(?=\d)/, "");
  const max = `The amount is at most ${CREDIT_MAX_AMOUNT.toLocaleString("en-US")}.`;
  if (whole.length > MAX_WHOLE_DIGITS) return refuse(max);
  const scale = 10 ** digits;
  const minor = Number(whole) * scale + Number(fraction.padEnd(digits, "0") || "0");
  if (minor <= 0) return refuse("The amount must be more than zero.");
  if (minor > CREDIT_MAX_AMOUNT * scale) return refuse(max);
  // Division by a power of ten gives the nearest number to the decimal, whose shortest form is that decimal.
  return { ok: true, minor, digits, amount: minor / scale };
}

/**
 * "1,000.50 USD", "1,000 JPY", "1.125 KWD": an amount read by readCreditAmount, written with exactly
 * the digits that were read and sent; the code after, as the amount field is labelled.
 */
export function creditAmountText({ minor, digits }: { minor: number; digits: number }, currency: string | null | undefined): string {
  const number = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    decimalOfMinor(BigInt(minor), digits),
  );
  const code = normaliseCurrency(currency);
  return code ? `${number} ${code}` : number;
}
