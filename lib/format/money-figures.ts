/**
 * The amount formats only some screens use (the CSV's plain figures, a net after charges, an
 * exchange rate), apart from money.ts so a page that only shows amounts does not carry them into the
 * browser.
 */
import { EMPTY } from "./empty";
import { currencyMinorDigits, decimalOfMinor, fromMinorUnits, toMinorUnits } from "./money";

/**
 * For CSV: "-1234.50", "1235" (JPY); no symbol, no grouping, fixed minor digits, "." as the
 * decimal point so spreadsheets parse it as a number. Missing amount → "" (an empty cell).
 */
export function formatAmountPlain(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  const digits = currencyMinorDigits(currency) ?? 2;
  const minor = toMinorUnits(amount, digits);
  if (!Number.isFinite(minor)) return "";
  return decimalOfMinor(BigInt(minor), digits);
}

function decimalPlaces(value: number): number {
  const [mantissa = "", exponent = "0"] = String(Math.abs(value)).split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.min(Math.max(fraction - Number(exponent), 0), 12);
}

/**
 * Net = amount − charges. Assumption: `charges` is a fee taken out of `amount`, in the same
 * currency. Each side is rounded to the currency's minor units first, so the net on screen
 * always equals gross minus fee on screen; without a known currency the inputs' own decimals
 * are kept. Null when either side is missing: an unknown fee must not show as a net equal to gross.
 */
export function netAmount(amount: number | null | undefined, charges: number | null | undefined, currency?: string | null): number | null {
  if (amount == null || charges == null || !Number.isFinite(amount) || !Number.isFinite(charges)) return null;
  const digits = currencyMinorDigits(currency) ?? Math.max(decimalPlaces(amount), decimalPlaces(charges));
  return fromMinorUnits(toMinorUnits(amount, digits) - toMinorUnits(charges, digits), digits);
}

/** Exchange rates: up to 6 decimals, or 6 significant digits for tiny rates (0.000645161). */
const rateFormat = new Intl.NumberFormat("en-US", {
  maximumFractionDigits: 6,
  maximumSignificantDigits: 6,
  roundingPriority: "morePrecision",
});

export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return EMPTY;
  return rateFormat.format(rate);
}
