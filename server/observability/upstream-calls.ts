import "server-only";
import { isAppError } from "@/lib/errors";
import { metrics, secondsSince } from "./metrics";
import { inSpan, SpanKind } from "./tracing";

type StatusCall = (request: never) => Promise<{ status: number }>;
/** The upstream transport's shape, seen only as far as the answer's status. */
type TransportLike = { whole: StatusCall; streamed: StatusCall };
type LastStatus = { status?: number };

/** `POST /auth`: an upstream call of its own, counted with the operations of the spec. */
export const AUTH_OPERATION = { method: "POST", template: "/auth" } as const;

/**
 * One upstream call (the spec's operation, retries and a token wait included), as the
 * `http_client_request_duration_seconds` histogram and a CLIENT span. The status is the last answer's:
 * it is read off the transport, because a failed call reaches us as our own error, mapped.
 */
export function observeUpstreamCall<T extends TransportLike, R>(
  op: { method: string; template: string },
  transport: T,
  run: (transport: T) => Promise<R>,
): Promise<R> {
  const startedAt = performance.now();
  const last: LastStatus = {};
  const labels = { url_template: op.template, http_request_method: op.method };
  const attributes = { "http.request.method": op.method, "url.template": op.template };
  return inSpan(`${op.method} ${op.template}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      const result = await run(watchStatus(transport, last));
      const status = last.status === undefined ? {} : { http_response_status_code: String(last.status) };
      if (last.status !== undefined) span?.setAttribute("http.response.status_code", last.status);
      metrics().httpClient.observe({ ...labels, ...status }, secondsSince(startedAt));
      return result;
    } catch (error) {
      const status = last.status;
      if (status !== undefined) span?.setAttribute("http.response.status_code", status);
      // OpenTelemetry's error.type: the status when the upstream answered with an error, else what went wrong.
      const errorType = status !== undefined && status >= 400 ? String(status) : upstreamErrorType(error);
      metrics().httpClient.observe(
        { ...labels, ...(status === undefined ? {} : { http_response_status_code: String(status) }), error_type: errorType },
        secondsSince(startedAt),
      );
      throw error;
    }
  });
}

/** Counts a token acquisition by outcome: `success`, or what failed (`upstream_timeout`, `401`…). */
export async function countTokenAcquisition<T>(acquisition: Promise<T>): Promise<T> {
  try {
    const token = await acquisition;
    metrics().tokenAcquisitions.inc({ outcome: "success" });
    return token;
  } catch (error) {
    metrics().tokenAcquisitions.inc({ outcome: upstreamErrorType(error) });
    throw error;
  }
}

/** A caller joined a token acquisition already running (single-flight) rather than starting one. */
export function countTokenWait(): void {
  metrics().tokenWaits.inc();
}

/** Our own upstream error codes are a closed list; anything else is `_OTHER`, so no text becomes a label. */
function upstreamErrorType(error: unknown): string {
  return isAppError(error) && /^upstream_[a-z_]{1,40}$/.test(error.code) ? error.code : "_OTHER";
}

function watchStatus<T extends TransportLike>(transport: T, last: LastStatus): T {
  const watch =
    (send: StatusCall): StatusCall =>
    (request: never) => {
      // A retry that never gets an answer must not report the answer before it.
      last.status = undefined;
      return send(request).then((response) => {
        last.status = response.status;
        return response;
      });
    };
  return { ...transport, whole: watch((r) => transport.whole(r)), streamed: watch((r) => transport.streamed(r)) };
}
