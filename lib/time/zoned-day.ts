/**
 * Calendar days in a staff member's time zone, as UTC instants: the one implementation behind the
 * card list's and the audit trail's date filters, and the zoned timestamps of their CSV exports. A finance "1 Nov" in Lagos starts
 * at 31 Oct 23:00 UTC; filtering on UTC days would put that evening's rows on the wrong day.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The first and last days a filter may name. A day in a zone can begin up to 14 hours before its
 * UTC midnight and end as late after it, so its neighbours must still be years 0001–9999 in UTC:
 * the database (and an ISO string without a sign) holds no other year.
 */
export const FIRST_DAY = "0001-01-02";
export const LAST_DAY = "9999-12-30";

/** Midnight UTC of a date as epoch ms; unlike Date.UTC, years 0–99 are not read as 1900–1999. */
function utcMidnight(year: number, month: number, day: number): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month - 1, day);
  return t.getTime();
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(utcMidnight(y, mo, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Why `day` cannot bound a date filter, in words for the person who typed it; null when it can. */
export function dayProblem(day: string): string | null {
  if (!DAY.test(day)) return "Use a date like 2026-01-31.";
  if (!isIsoDay(day)) return "That date does not exist.";
  if (day < FIRST_DAY || day > LAST_DAY) return `Use a date from ${FIRST_DAY} to ${LAST_DAY}.`;
  return null;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (Lagos: +3,600,000). */
function offsetAt(instant: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      // Asked for: a year before 1 is written as its era's ("1" and BC for year 0), read back below.
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    offsetFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  // The proleptic Gregorian year, as Date counts it: year y BC is 1 − y (1 BC is year 0).
  const year = parts.era === "BC" ? 1 - Number(parts.year) : Number(parts.year);
  const wall =
    utcMidnight(year, Number(parts.month), Number(parts.day)) +
    ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000;
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The UTC instant at which `day` (YYYY-MM-DD) begins in `zone`: the first instant whose local date
 * is that day. `plusDays` moves to a later day first.
 */
export function startOfDayIn(day: string, zone: string, plusDays = 0): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = utcMidnight(y, m, d + plusDays);
  // Midnight read with the offsets in force a day either side (changes are months apart): one
  // reading that holds is the answer (the earlier when midnight happens twice).
  const before = wall - offsetAt(wall - DAY_MS, zone);
  const after = wall - offsetAt(wall + DAY_MS, zone);
  const holding = [before, after].filter((instant) => instant + offsetAt(instant, zone) === wall);
  if (holding.length > 0) return Math.min(...holding);
  // Neither holds: clocks jump over midnight (Santiago, Havana), and the day begins at the jump,
  // somewhere between the two readings. Found by halving, to the millisecond.
  let lo = Math.min(before, after);
  let hi = Math.max(before, after);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (mid + offsetAt(mid, zone) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** [start, end) in epoch ms for an inclusive range of days in `zone`; an open side is ±Infinity. */
export function dayRange(from: string, to: string, zone: string): { start: number; end: number } {
  return {
    start: from ? startOfDayIn(from, zone) : -Infinity,
    end: to ? startOfDayIn(to, zone, 1) : Infinity,
  };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** "2026", "0001", "0000" (1 BC, west of UTC on 1 Jan 1), "-0001", "10000": at least 4 digits, as ISO 8601 writes years. */
const yearLabel = (year: number) => `${year < 0 ? "-" : ""}${pad(year, 4)}`;

/** "+01:00", "-04:00", "+05:30" for an offset in ms. */
function offsetLabel(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * "2026-11-01 00:32:00 +01:00": an instant as wall time in `zone` with its offset, for CSV files
 * (sortable, unambiguous, and a spreadsheet can still read the instant). Unparseable → as it came.
 */
export function formatZonedTimestamp(iso: string | null | undefined, zone: string): string {
  if (iso === null || iso === undefined || iso === "") return "";
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const offset = offsetAt(instant, zone);
  const wall = new Date(instant - (((instant % 1000) + 1000) % 1000) + offset);
  // Past the last instant a Date holds (year 275760), rather than a cell of "NaN-NaN-…".
  if (Number.isNaN(wall.getTime())) return iso;
  return `${yearLabel(wall.getUTCFullYear())}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())} ${offsetLabel(offset)}`;
}
