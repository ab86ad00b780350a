// Its own file: the home page's "next check" line needs only this, not the verification panel's
// state descriptions and advice.

/** "0:42" until the shared minute has passed; null when a check may be made now. */
export function countdown(nextRefreshAt: string | null, now: number): string | null {
  if (!nextRefreshAt) return null;
  const left = Math.ceil((Date.parse(nextRefreshAt) - now) / 1000);
  if (!(left > 0)) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
