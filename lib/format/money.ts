/**
 * How money, amounts and rates are shown: the one place that decides it.
 * Isomorphic and React-free, so server code, client components and CSV export agree.
 */
import { EMPTY } from "./empty";

// The spec does not state units. Assumption: `amount`, `charges` and balances are decimal
// numbers in MAJOR units of `currency` (12.5 with USD means $12.50, not 12.5 cents).

const minorDigitsCache = new Map<string, number | null>();

function knownCurrencies(): ReadonlySet<string> | null {
  // Intl accepts any well-formed three-letter code ("XYZ"), so "known" means ISO 4217 as the
  // runtime lists it; where the runtime cannot list them, any well-formed code is accepted.
  return typeof Intl.supportedValuesOf === "function" ? new Set(Intl.supportedValuesOf("currency")) : null;
}
let currencies: ReadonlySet<string> | null | undefined;

export function normaliseCurrency(currency: string | null | undefined): string | null {
  const code = currency?.trim().toUpperCase() ?? "";
  return code === "" ? null : code;
}

/** Digits after the decimal point of a currency (USD 2, JPY 0, KWD 3); null when unknown. */
export function currencyMinorDigits(currency: string | null | undefined): number | null {
  const code = normaliseCurrency(currency);
  if (code === null) return null;
  const cached = minorDigitsCache.get(code);
  if (cached !== undefined) return cached;
  if (currencies === undefined) currencies = knownCurrencies();
  let digits: number | null = null;
  if (/^[A-Z]{3}$/.test(code) && (currencies === null || currencies.has(code))) {
    try {
      digits = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = null;
    }
  }
  minorDigitsCache.set(code, digits);
  return digits;
}

/**
 * Integer minor units, rounded half away from zero. The decimal point is shifted in the
 * string form so 1.005 becomes 100.5 (then 101), not 100.49999… as `1.005 * 100` would.
 */
export function toMinorUnits(amount: number, digits: number): number {
  const shifted = Number(`${Math.abs(amount)}e${digits}`);
  const exact = Number.isFinite(shifted) ? shifted : Math.abs(amount) * 10 ** digits;
  return Math.sign(amount) * Math.round(exact) || 0; // `|| 0` turns -0 into 0
}

export function fromMinorUnits(minor: number, digits: number): number {
  return minor / 10 ** digits || 0;
}

/** A decimal written out ("-1234.5"): how an amount with more digits than a number keeps is shown. */
export type DecimalText = `${number}`;
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;
export const isDecimalText = (value: string): value is DecimalText => DECIMAL_TEXT.test(value);

/**
 * Integer minor units as the decimal they stand for (-12345n, 2 → "-123.45"), every digit written:
 * a number past 2^53 would lose the last ones, and String() writes 1e21 and up as "1e+21".
 */
export function decimalOfMinor(minor: bigint, digits: number): DecimalText {
  const abs = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, "0");
  const whole = abs.slice(0, abs.length - digits);
  const fraction = digits > 0 ? `.${abs.slice(abs.length - digits)}` : "";
  return `${minor < 0n ? "-" : ""}${whole}${fraction}` as DecimalText;
}

/** An amount that can be shown: a finite number, or a decimal written out. */
export const isShownAmount = (amount: number | string | null | undefined): amount is number | DecimalText =>
  typeof amount === "string" ? isDecimalText(amount) : amount !== null && amount !== undefined && Number.isFinite(amount);

const fallbackNumber = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "$1,234.50", "-$12.00", "₦1,234.50", "¥1,235". Rounded to the currency's minor digits.
 * An unknown or malformed code falls back to "1,234.50 XYZ" rather than hiding the amount;
 * a missing currency shows the bare number. A missing amount shows "—". A decimal written out
 * ("135107988821113.50") is formatted from its digits, all of them kept.
 */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined): string {
  if (!isShownAmount(amount)) return EMPTY;
  const code = normaliseCurrency(currency);
  const digits = currencyMinorDigits(code);
  if (code === null || digits === null) {
    // Intl rounds a decimal string half away from zero on its exact digits, as toMinorUnits does a number.
    const number = fallbackNumber.format(typeof amount === "string" ? amount : fromMinorUnits(toMinorUnits(amount, 2), 2));
    return code === null ? number : `${number} ${code}`;
  }
  return currencyFormat(code).format(typeof amount === "string" ? amount : fromMinorUnits(toMinorUnits(amount, digits), digits));
}

// en-US writes the naira as "NGN 1,234.50"; staff in Nigeria read "₦1,234.50". Only the naira
// gets its narrow symbol: for others it would drop the country ("CA$" → "$") and mislead.
const NARROW_SYMBOL: ReadonlySet<string> = new Set(["NGN"]);

// Building a formatter costs far more than using one, and a table formats hundreds of amounts.
const currencyFormats = new Map<string, Intl.NumberFormat>();
function currencyFormat(code: string): Intl.NumberFormat {
  let format = currencyFormats.get(code);
  if (!format) {
    const currencyDisplay = NARROW_SYMBOL.has(code) ? "narrowSymbol" : "symbol";
    currencyFormats.set(code, (format = new Intl.NumberFormat("en-US", { style: "currency", currency: code, currencyDisplay })));
  }
  return format;
}
