import "server-only";
import { type ErrorEnvelope, isAppError } from "@/lib/errors";
import { json } from "@/server/http/json-response";
import { log } from "@/server/log";
import { maskSensitiveDeep } from "@/server/privacy";

/** The status and envelope of any failure; anything unexpected is logged with the request id and hidden. */
export function failureOf(error: unknown, requestId: string): { status: number; envelope: ErrorEnvelope } {
  if (isAppError(error)) {
    if (error.status >= 500) log.warn({ requestId, code: error.code, status: error.status }, "request failed upstream");
    // An error's message may quote a value (a field's input, a stored reply): masked like any answer.
    return { status: error.status, envelope: maskSensitiveDeep(error.toEnvelope()) };
  }
  log.error({ err: error, requestId }, "unhandled error in route handler");
  return {
    status: 500,
    envelope: { error: { code: "internal_error", message: `Something went wrong on our side. Try again; if it persists, give an administrator the request id ${requestId}.` } },
  };
}

/** Every failure becomes the envelope. */
export function errorResponse(error: unknown, requestId: string): Response {
  const { status, envelope } = failureOf(error, requestId);
  return json(envelope, { status, requestId });
}
