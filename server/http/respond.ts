import "server-only";
import { type ErrorEnvelope, isAppError } from "@/lib/errors";
import { databaseUnavailable, isDatabaseUnavailable } from "@/server/db/unavailable";
import { json } from "@/server/http/json-response";
import { retryAfterSeconds, retryLaterOf } from "@/lib/retry-later";
import { log } from "@/server/log";
import { maskSensitiveDeep } from "@/server/privacy";

/** The status and envelope of any failure; anything unexpected is logged with the request id and hidden. */
export function failureOf(error: unknown, requestId: string): { status: number; envelope: ErrorEnvelope } {
  const known = asKnownFailure(error);
  if (isAppError(known)) {
    if (known.status >= 500)
      log.warn(
        { requestId, code: known.code, status: known.status },
        known.code === "database_unavailable" ? "request failed: database unavailable" : "request failed upstream",
      );
    // An error's message may quote a value (a field's input, a stored reply): masked like any answer.
    return { status: known.status, envelope: maskSensitiveDeep(known.toEnvelope()) };
  }
  log.error({ err: error, requestId }, "unhandled error in route handler");
  return {
    status: 500,
    envelope: {
      error: {
        code: "internal_error",
        message: `Something went wrong on our side. Try again; if it persists, give an administrator the request id ${requestId}.`,
      },
    },
  };
}

/** A lost database is an outage to wait out (503), not a bug of ours (500). */
function asKnownFailure(error: unknown): unknown {
  return !isAppError(error) && isDatabaseUnavailable(error) ? databaseUnavailable(error) : error;
}

/**
 * Every failure becomes the envelope; one that knows when to ask again says so in `Retry-After`.
 * `headers`: what this answer adds (a 401's `WWW-Authenticate`).
 */
export function errorResponse(error: unknown, requestId: string, headers?: Record<string, string>): Response {
  const known = asKnownFailure(error);
  const { status, envelope } = failureOf(known, requestId);
  // RFC 9110 §10.2.3 and RFC 6585 §4: an outage (503) or a rate limit (429) may name the time.
  const later = status === 503 || status === 429 ? retryLaterOf(known) : undefined;
  return json(envelope, {
    status,
    requestId,
    headers: { ...headers, ...(later ? { "Retry-After": String(retryAfterSeconds(later.retryAt)) } : {}) },
  });
}
