/**
 * The API's JSON answer: every one carries its request id, is never cached, and names its charset.
 * Kept apart from `respond.ts` (which logs) so the proxy can answer with it too.
 */
const BASE_HEADERS = { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" };

export function json(data: unknown, init: { status?: number; requestId: string; headers?: Record<string, string> }): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { ...BASE_HEADERS, "X-Request-Id": init.requestId, ...init.headers },
  });
}
