import { z } from "@/lib/validation/zod";

/** The instants a four-digit ISO 8601 year spans in UTC; outside them the database refuses the date. */
const EARLIEST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LATEST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

// Date.parse alone reads "0", "1", "2026-02-30" (as 2 March) and a time with no zone (in the
// server's own zone).
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * RFC 3339 (§5.6) lets a date-time's "T" and "Z" be lower case; ISO 8601 readers (zod's check, some
 * browsers' Date) take them upper case only. Nothing else in a date-time has a case.
 */
export function canonicalDateTime(value: string): string {
  return value.toUpperCase();
}

/** What is wrong with a date-time from outside, if anything: its form, or its year. */
export function dateTimeProblem(value: string): "form" | "range" | null {
  const canonical = canonicalDateTime(value);
  if (!isoDateTime.safeParse(canonical).success) return "form";
  const instant = Date.parse(canonical);
  return instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT ? null : "range";
}

/**
 * Epoch ms of an upstream date-time: ISO 8601 / RFC 3339 with Z or an offset, a real calendar date,
 * in the years 0001–9999 (UTC); NaN for anything else.
 */
export function upstreamInstant(value: string): number {
  return dateTimeProblem(value) === null ? Date.parse(canonicalDateTime(value)) : Number.NaN;
}

export const UPSTREAM_DATE_TIME_MESSAGE = "Expected an ISO 8601 date-time with Z or an offset, in the years 0001 to 9999";
