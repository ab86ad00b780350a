/**
 * Calendar days in a staff member's time zone, as UTC instants: the one implementation behind the
 * card list's and the audit trail's date filters, and the zoned timestamps of their CSV exports. A finance "1 Nov" in Lagos starts
 * at 31 Oct 23:00 UTC; filtering on UTC days would put that evening's rows on the wrong day.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (Lagos: +3,600,000). */
function offsetAt(instant: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
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
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The UTC instant at which `day` (YYYY-MM-DD) begins in `zone`; `plusDays` moves to a later day first. */
export function startOfDayIn(day: string, zone: string, plusDays = 0): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + plusDays);
  // Twice: the offset at the guess can differ from the offset at the answer across a DST change.
  let instant = wall - offsetAt(wall, zone);
  instant = wall - offsetAt(instant, zone);
  return instant;
}

/** [start, end) in epoch ms for an inclusive range of days in `zone`; an open side is ±Infinity. */
export function dayRange(from: string, to: string, zone: string): { start: number; end: number } {
  return {
    start: from ? startOfDayIn(from, zone) : -Infinity,
    end: to ? startOfDayIn(to, zone, 1) : Infinity,
  };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

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
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())} ${offsetLabel(offset)}`;
}
