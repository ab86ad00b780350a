/**
 * Writes the page's address (its query string) without a server round trip. Next.js keeps
 * useSearchParams in step with the native history API, but only once its router has patched
 * pushState and replaceState, which it does in an effect after hydration. A choice made in the
 * moment between the two (a busy phone, a reader quicker than the page) changed the address and
 * not the page: the list stayed unfiltered under a filtered address. A write made in that moment
 * waits until the router listens, and is then made from the address as it is by then.
 */
export function writeAddress(next: () => string, mode: "push" | "replace"): void {
  const write = () => {
    const url = next();
    if (mode === "push") window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  };
  if (routerListens()) return write();
  const path = window.location.pathname;
  const started = Date.now();
  const attempt = () => {
    // The reader went to another page meanwhile: the write was for this one.
    if (window.location.pathname !== path) return;
    // A router that never patched the history API (none on the page) still gets the address written.
    if (routerListens() || Date.now() - started >= GIVE_UP_MS) write();
    else setTimeout(attempt, POLL_MS);
  };
  setTimeout(attempt, 0);
}

const POLL_MS = 16;
const GIVE_UP_MS = 5_000;

/**
 * Whether a history write now reaches the router: no Next.js app router on the page (tests), or
 * one that has replaced the browser's own pushState with its patch.
 */
export function routerListens(): boolean {
  const next = (window as { next?: { appDir?: boolean } }).next;
  return !next?.appDir || window.history.pushState !== History.prototype.pushState;
}
