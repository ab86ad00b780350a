import "server-only";
import { AppError } from "@/lib/errors";
import { log } from "@/server/log";

const BASE_HEADERS = { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" };

export function json(data: unknown, init: { status?: number; requestId: string; headers?: Record<string, string> }): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { ...BASE_HEADERS, "X-Request-Id": init.requestId, ...init.headers },
  });
}

/** Every failure becomes the envelope; anything unexpected is logged with the request id and hidden. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) {
    if (error.status >= 500) log.warn({ requestId, code: error.code, status: error.status }, "request failed upstream");
    return json(error.toEnvelope(), { status: error.status, requestId });
  }
  log.error({ err: error, requestId }, "unhandled error in route handler");
  return json(
    { error: { code: "internal_error", message: `Something went wrong on our side. Try again; if it persists, give an administrator the request id ${requestId}.` } },
    { status: 500, requestId },
  );
}
