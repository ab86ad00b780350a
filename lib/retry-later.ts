// Branded through the global symbol registry: Next bundles route handlers and the process-wide
// upstream client apart, so `instanceof` would miss a marker made by the other bundle's copy.
const BRAND = Symbol.for("backoffice.RetryLater");

/**
 * The cause of a 503 that knows when asking again makes sense: the answer then carries
 * `Retry-After`. `sent` says whether anything reached the upstream (a breaker's refusal sends nothing).
 */
export type RetryLater = Error & { readonly retryAt: number; readonly sent: boolean };

export function retryLater(message: string, retryAt: number, sent: boolean): RetryLater {
  return Object.assign(new Error(message), { [BRAND]: true, retryAt, sent });
}

/** The RetryLater an error carries as itself or as its cause, if any. */
export function retryLaterOf(error: unknown): RetryLater | undefined {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 5; depth++) {
    if ((current as Record<symbol, unknown>)[BRAND] === true) return current as RetryLater;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whole seconds until `retryAt`, at least 1: the value of a `Retry-After` header. */
export function retryAfterSeconds(retryAt: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((retryAt - now) / 1000));
}

/**
 * The longest a view waits on a `Retry-After` before asking again by itself. Our own answers name
 * seconds (the circuit breaker's pause, a lost database's); a proxy or load balancer in front may
 * name anything, and a timer past 2^31 ms fires at once, which would ask again in a loop.
 */
export const MAX_RETRY_WAIT_MS = 5 * 60_000;

/**
 * A `Retry-After` value (RFC 9110 §10.2.3: whole seconds, or an HTTP-date) as the instant to ask
 * again, from 1 s to MAX_RETRY_WAIT_MS ahead of `now`; undefined when it is neither form.
 */
export function retryAtOfHeader(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  let at: number;
  if (/^\d+$/.test(text)) at = now + Number(text) * 1000;
  else if (HTTP_DATE.test(text)) at = Date.parse(text);
  else return undefined;
  if (!Number.isFinite(at)) return undefined;
  return Math.min(Math.max(at, now + 1000), now + MAX_RETRY_WAIT_MS);
}

// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form a sender must use; the obsolete forms are
// left out rather than read by Date.parse's engine-dependent guesses.
const HTTP_DATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
