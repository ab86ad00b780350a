import "server-only";
import { randomUUID } from "node:crypto";
import { SpanStatusCode, trace } from "@opentelemetry/api";
import { metrics, secondsSince } from "./metrics";
import { inSpan, requestIdForTrace, SpanKind, tracingStarted } from "./tracing";

/** The route as declared (`/api/v1/customers/[id]`) and its method: the only labels a request gets. */
export type RouteKey = { method: string; path: string };

/**
 * One request to our API, observed: the `http_server_request_duration_seconds` histogram, and, while
 * tracing, a span the request's work nests under. The request id handed to `serve` is the trace id
 * then (else a random UUID), so the `X-Request-Id` answer, the access log and the audit entry all
 * name the trace.
 */
export async function observeRequest(route: RouteKey, serve: (requestId: string) => Promise<Response>): Promise<Response> {
  const startedAt = performance.now();
  const labels = { http_route: route.path, http_request_method: route.method };
  const settle = (status: number) =>
    metrics().httpServer.observe({ ...labels, http_response_status_code: String(status) }, secondsSince(startedAt));
  if (!tracingStarted()) return settled(serve(randomUUID()), settle);
  // Under Next.js its own request span is the parent; called directly (tests, scripts) ours is the server span.
  const kind = trace.getActiveSpan()?.isRecording() ? SpanKind.INTERNAL : SpanKind.SERVER;
  const attributes = { "http.request.method": route.method, "http.route": route.path };
  return inSpan(`${route.method} ${route.path}`, { kind, attributes }, (span) =>
    settled(serve(requestIdForTrace()), (status) => {
      span?.setAttribute("http.response.status_code", status);
      if (status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
      settle(status);
    }),
  );
}

async function settled(answer: Promise<Response>, settle: (status: number) => void): Promise<Response> {
  try {
    const response = await answer;
    settle(response.status);
    return response;
  } catch (error) {
    // What escapes a handler becomes the framework's 500.
    settle(500);
    throw error;
  }
}
