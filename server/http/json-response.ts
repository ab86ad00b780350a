/**
 * The API's JSON answer: every one carries its request id, is never cached, and names its charset.
 * Kept apart from `respond.ts` (which logs) so the proxy can answer with it too.
 */
const JSON_TYPE = "application/json; charset=utf-8";

/** The headers every API answer carries, whatever its body: never cached, its type with a charset, its request id. */
export function apiHeaders(requestId: string, contentType = JSON_TYPE): Record<string, string> {
  return { "Cache-Control": "no-store", "Content-Type": contentType, "X-Request-Id": requestId };
}

export function json(data: unknown, init: { status?: number; requestId: string; headers?: Record<string, string> }): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { ...apiHeaders(init.requestId), ...init.headers },
  });
}
