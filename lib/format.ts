/**
 * The one place that decides how money, dates, rates and personal data are shown.
 * Isomorphic and React-free so server code, client components and CSV export agree.
 */

/** Shown wherever a value is missing, so "nothing" never reads as zero. */
export const EMPTY = "—";

/* ------------------------------------------------------------------ money */

// The spec does not state units. Assumption: `amount`, `charges` and balances are decimal
// numbers in MAJOR units of `currency` (12.5 with USD means $12.50, not 12.5 cents).

const minorDigitsCache = new Map<string, number | null>();

function knownCurrencies(): ReadonlySet<string> | null {
  // Intl accepts any well-formed three-letter code ("XYZ"), so "known" means ISO 4217 as the
  // runtime lists it; where the runtime cannot list them, any well-formed code is accepted.
  return typeof Intl.supportedValuesOf === "function" ? new Set(Intl.supportedValuesOf("currency")) : null;
}
let currencies: ReadonlySet<string> | null | undefined;

function normaliseCurrency(currency: string | null | undefined): string | null {
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

function fromMinorUnits(minor: number, digits: number): number {
  return minor / 10 ** digits || 0;
}

const fallbackNumber = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "$1,234.50", "-$12.00", "₦1,234.50", "¥1,235". Rounded to the currency's minor digits.
 * An unknown or malformed code falls back to "1,234.50 XYZ" rather than hiding the amount;
 * a missing currency shows the bare number. A missing amount shows "—".
 */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return EMPTY;
  const code = normaliseCurrency(currency);
  const digits = currencyMinorDigits(code);
  if (code === null || digits === null) {
    const number = fallbackNumber.format(fromMinorUnits(toMinorUnits(amount, 2), 2));
    return code === null ? number : `${number} ${code}`;
  }
  const rounded = fromMinorUnits(toMinorUnits(amount, digits), digits);
  return currencyFormat(code).format(rounded);
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

/**
 * For CSV: "-1234.50", "1235" (JPY); no symbol, no grouping, fixed minor digits, "." as the
 * decimal point so spreadsheets parse it as a number. Missing amount → "" (an empty cell).
 */
export function formatAmountPlain(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  const digits = currencyMinorDigits(currency) ?? 2;
  const minor = toMinorUnits(amount, digits);
  const abs = String(Math.abs(minor)).padStart(digits + 1, "0");
  const whole = abs.slice(0, abs.length - digits);
  const fraction = digits > 0 ? `.${abs.slice(abs.length - digits)}` : "";
  return `${minor < 0 ? "-" : ""}${whole}${fraction}`;
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

/**
 * Totals per currency (never across currencies), summed in integer minor units so 0.1 + 0.2
 * is 0.3. Rows without an amount are skipped; rows without a currency are totalled under "".
 * Keys are upper-case codes in order of first appearance; values are in major units.
 */
export function sumByCurrency(rows: ReadonlyArray<{ amount: number | null; currency: string | null }>): Map<string, number> {
  const minorTotals = new Map<string, number>();
  for (const row of rows) {
    if (row.amount === null || !Number.isFinite(row.amount)) continue;
    const key = normaliseCurrency(row.currency) ?? "";
    const digits = currencyMinorDigits(key) ?? 2;
    minorTotals.set(key, (minorTotals.get(key) ?? 0) + toMinorUnits(row.amount, digits));
  }
  const totals = new Map<string, number>();
  for (const [key, minor] of minorTotals) totals.set(key, fromMinorUnits(minor, currencyMinorDigits(key) ?? 2));
  return totals;
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

/* ------------------------------------------------------------------ dates */

// The API sends ISO 8601 in UTC. Staff read times in their own (the viewer's) time zone, in a
// day-month-year form that is unambiguous across the US/UK divide: "21 Nov 2026, 14:05:09".

export type DateTimeOptions = {
  /** IANA zone; defaults to the viewer's. Tests pass one so they do not depend on the machine. */
  timeZone?: string;
  /** Include seconds (default true: payment events a few seconds apart must be told apart). */
  seconds?: boolean;
  /** Append the zone name ("GMT+1", "UTC") when the reader may not know which zone is shown. */
  zoneName?: boolean;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat({ timeZone, seconds = true, zoneName = false }: DateTimeOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${seconds}|${zoneName}`;
  let format = dateFormats.get(key);
  if (!format) {
    // en-US parts, assembled by hand: en-GB would give "Sept" on newer ICU and locale
    // defaults differ between Node and browsers, which would break hydration.
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: seconds ? "2-digit" : undefined,
      hourCycle: "h23",
      timeZoneName: zoneName ? "short" : undefined,
    });
    dateFormats.set(key, format);
  }
  return format;
}

function parseDate(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** "21 Nov 2026, 14:05:09"; null → "—"; a string that is not a date is shown as it came. */
export function formatDateTime(iso: string | null | undefined, opts: DateTimeOptions = {}): string {
  if (iso === null || iso === undefined || iso.trim() === "") return EMPTY;
  const date = parseDate(iso);
  if (!date) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateFormat(opts).formatToParts(date);
  } catch {
    return iso; // an invalid time zone name
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const time = [part("hour"), part("minute"), ...(opts.seconds === false ? [] : [part("second")])].join(":");
  const zone = opts.zoneName ? ` ${part("timeZoneName")}` : "";
  return `${part("day")} ${part("month")} ${part("year")}, ${time}${zone}`;
}

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "always" });

// Thresholds (seconds) below which a unit is used; past the last one, years.
const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number, number]> = [
  ["minute", 45 * 60, 60],
  ["hour", 22 * 3600, 3600],
  ["day", 26 * 86400, 86400],
  ["month", 320 * 86400, 30.44 * 86400],
];

/** "3 minutes ago", "in 2 hours", "just now"; null → "—"; unparseable → the raw string. */
export function formatRelative(iso: string | null | undefined, now: Date | number = Date.now()): string {
  if (iso === null || iso === undefined || iso.trim() === "") return EMPTY;
  const date = parseDate(iso);
  if (!date) return iso;
  const seconds = (date.getTime() - (typeof now === "number" ? now : now.getTime())) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [unit, below, size] of RELATIVE_UNITS) {
    if (abs < below) return relativeFormat.format(Math.sign(seconds) * Math.max(1, Math.round(abs / size)), unit);
  }
  return relativeFormat.format(Math.sign(seconds) * Math.max(1, Math.round(abs / (365.25 * 86400))), "year");
}

/* ---------------------------------------------------------------- masking */

// Personal and account data is masked by default; only the tail is shown so staff can match
// it with what a customer reads out. The mask has a fixed length so it does not leak length.

const DOT = "•";

/** "•••••••1234". A value no longer than `visible` is masked whole: showing it would reveal all. */
export function maskTail(value: string | null | undefined, visible = 4): string {
  const text = value?.trim() ?? "";
  if (text === "") return EMPTY;
  const keep = Math.max(0, Math.floor(visible));
  if (text.length <= keep) return DOT.repeat(7);
  return DOT.repeat(7) + (keep > 0 ? text.slice(-keep) : "");
}

/** "j•••@example.com": first letter of the mailbox and the whole domain. */
export function maskEmail(email: string | null | undefined): string {
  const text = email?.trim() ?? "";
  if (text === "") return EMPTY;
  const at = text.lastIndexOf("@");
  if (at <= 0) return maskTail(text, 0);
  return `${text.slice(0, 1)}${DOT.repeat(3)}${text.slice(at)}`;
}

/** "+•••••••••78": the leading "+" and the last 2 digits. */
export function maskPhone(phone: string | null | undefined): string {
  const text = phone?.trim() ?? "";
  if (text === "") return EMPTY;
  const digits = text.replace(/\D/g, "");
  if (digits.length <= 2) return DOT.repeat(9);
  return `${text.startsWith("+") ? "+" : ""}${DOT.repeat(9)}${digits.slice(-2)}`;
}
