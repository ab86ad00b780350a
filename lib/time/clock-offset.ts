/**
 * How far a browser's clock may be from the server's before the pages count from the server's: the
 * time from the server drawing a page to the browser running it (a slow phone on a slow network)
 * stays well under it, so a correct clock is never "corrected" by that delay.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 60_000;

/**
 * What to add to the browser's clock to read the server's, in whole seconds: zero unless the two
 * differ by more than the tolerance. A staff member's laptop an hour behind would otherwise show a
 * check "due in 61:00" and every "3 minutes ago" as an hour off: the server's times are the record.
 */
export function clockOffset(serverRenderedAt: number, browserNow: number): number {
  const offset = serverRenderedAt - browserNow;
  return Math.abs(offset) > CLOCK_SKEW_TOLERANCE_MS ? Math.round(offset / 1000) * 1000 : 0;
}
