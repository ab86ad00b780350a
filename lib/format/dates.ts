/**
 * How dates and times are shown: the one place that decides it.
 * Isomorphic and React-free, so server code, client components and CSV export agree.
 */
import { EMPTY } from "./empty";

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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "17 Apr 1988" for a calendar date "1988-04-17" (a date of birth, a registration date): a day,
 * not a moment, so no time zone moves it. Anything else (a masked date, another form) is shown as
 * it came; null → "—".
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return EMPTY;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 is no day: shown as sent rather than as 2 March.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  return `${day} ${MONTHS[month - 1]} ${match[1]}`;
}

/** "14:05": the time of day only, for a moment within the next minutes ("retrying at 14:05"). */
export function formatTimeOfDay(iso: string, opts: Pick<DateTimeOptions, "timeZone"> = {}): string {
  const full = formatDateTime(iso, { ...opts, seconds: false });
  const comma = full.lastIndexOf(", ");
  return comma === -1 ? full : full.slice(comma + 2);
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
