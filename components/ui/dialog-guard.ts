/**
 * Whether a dialog may open or close now. While its action runs (`pending`: a request sent and not
 * yet answered) nothing closes it, neither Escape, a click beside it, its corner button nor Cancel:
 * the answer may be one that is shown once (a generated password, a transaction id), and a dialog
 * closed meanwhile would drop it. Opening is never held back.
 */
export function mayChangeOpen(next: boolean, pending: boolean): boolean {
  return next || !pending;
}

/** What the dialog's footer says while its action runs (Cancel is disabled meanwhile). */
export const PENDING_HINT = "Working…";
