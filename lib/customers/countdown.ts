// Its own file: the home page's "next check" line needs only this, not the verification panel's
// state descriptions and advice.

/** Spec Limits 1: one upstream check per minute per customer, shared by every caller. */
export const REFRESH_INTERVAL_MS = 60_000;

/**
 * "0:42" until the shared minute has passed; null when a check may be made now. The time is the
 * server's and `now` the browser's: a browser clock behind the server's would count down for as
 * long as it is behind (an hour, with the button held disabled), so the wait shown is never more
 * than the one minute it can be.
 */
export function countdown(nextRefreshAt: string | null, now: number): string | null {
  if (!nextRefreshAt) return null;
  const left = Math.min(Math.ceil((Date.parse(nextRefreshAt) - now) / 1000), REFRESH_INTERVAL_MS / 1000);
  if (!(left > 0)) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
