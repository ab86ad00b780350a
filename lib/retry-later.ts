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
