/**
 * Calendar days in a staff member's time zone, as UTC instants. A finance "1 Nov" in Lagos starts
 * at 31 Oct 23:00 UTC; filtering on UTC days would put that evening's rows on the wrong day.
 */

/** True for a zone name this runtime's Intl knows ("Africa/Lagos", "UTC"); never throws. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

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
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" });
    offsetFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - (instant - (instant % 1000 + 1000) % 1000);
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
