import "server-only";
import { randomUUID } from "node:crypto";
import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { isAppError } from "@/lib/errors";

/**
 * Spans through the OpenTelemetry API only; the SDK (server/observability/tracing-sdk.ts) is
 * started at start-up when OTEL_EXPORTER_OTLP_ENDPOINT is set. Without it every helper here runs
 * the work directly: no span objects, no context switch.
 */
const STARTED = Symbol.for("backoffice.tracing.started");
const flags = globalThis as unknown as { [STARTED]?: boolean };

export function markTracingStarted(started: boolean): void {
  flags[STARTED] = started;
}

export function tracingStarted(): boolean {
  return flags[STARTED] === true;
}

const tracer = () => trace.getTracer("payments-back-office");

export type SpanSettings = { kind?: SpanKind; attributes?: Attributes; onlyInsideTrace?: boolean };

/**
 * Runs `work` inside a span that is the active one meanwhile (its children nest under it). A failure
 * marks the span with `error.type` (our error code or the error's class), never the message: a
 * message may quote what someone typed. `onlyInsideTrace` skips work that runs outside any request.
 */
export function inSpan<T>(name: string, settings: SpanSettings, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  // Untraced, the work's own promise is handed back: no promise of ours on every request's and call's path.
  if (!tracingStarted()) return untraced(work);
  if (settings.onlyInsideTrace && !trace.getActiveSpan()?.isRecording()) return untraced(work);
  return tracer().startActiveSpan(name, { kind: settings.kind ?? SpanKind.INTERNAL, attributes: settings.attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      // Next.js's redirect() and notFound() are thrown, but they are answers, not failures.
      if (!isFrameworkAnswer(error)) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute("error.type", errorType(error));
      }
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `work` without a span; what it throws at once still comes back as a rejection, as from an async function. */
function untraced<T>(work: (span: undefined) => Promise<T>): Promise<T> {
  try {
    return work(undefined);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A span started now and ended by the caller (work whose end is not a promise's). */
export function openSpan(name: string, settings: SpanSettings): Span | undefined {
  if (!tracingStarted()) return undefined;
  if (settings.onlyInsideTrace && !trace.getActiveSpan()?.isRecording()) return undefined;
  return tracer().startSpan(name, { kind: settings.kind ?? SpanKind.INTERNAL, attributes: settings.attributes });
}

/** The active trace's id (32 hex digits), when a trace is being recorded. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

/** The request id: the trace id while tracing, so a log line, an audit entry and a trace find each other. */
export function requestIdForTrace(): string {
  return currentTraceId() ?? randomUUID();
}

function isFrameworkAnswer(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}

export function errorType(error: unknown): string {
  if (isAppError(error)) return error.code;
  return error instanceof Error ? error.constructor.name : "_OTHER";
}

export { SpanKind };
