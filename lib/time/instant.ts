import { z } from "@/lib/validation/zod";

/** The instants a four-digit ISO 8601 year spans in UTC; outside them the database refuses the date. */
const EARLIEST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LATEST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

// As the webhook's decided_at (lib/contracts/webhooks.ts): Date.parse alone reads "0", "1",
// "2026-02-30" (as 2 March) and a time with no zone (in the server's own zone).
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * Epoch ms of an upstream date-time: ISO 8601 with Z or an offset, a real calendar date, in the
 * years 0001–9999 (UTC); NaN for anything else.
 */
export function upstreamInstant(value: string): number {
  if (!isoDateTime.safeParse(value).success) return Number.NaN;
  const instant = Date.parse(value);
  return instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT ? instant : Number.NaN;
}

export const UPSTREAM_DATE_TIME_MESSAGE = "Expected an ISO 8601 date-time with Z or an offset, in the years 0001 to 9999";
