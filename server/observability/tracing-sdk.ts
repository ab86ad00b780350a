import "server-only";
import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { SpanScrubber } from "./span-scrubber";
import { markTracingStarted } from "./tracing";
import { within } from "@/lib/time/within";

export type TracingConfig = {
  endpoint: string;
  serviceName: string;
  /**
   * Whether a request's `traceparent` header is followed (TRUST_PROXY): the trace id becomes the
   * request id of audit entries, so only a proxy we trust may choose it; otherwise each request
   * starts its own trace.
   */
  trustIncoming?: boolean;
};

const PROVIDER = Symbol.for("backoffice.tracing.provider");
const holder = globalThis as unknown as { [PROVIDER]?: NodeTracerProvider };

/**
 * Starts the OpenTelemetry SDK: spans are batched and sent as OTLP/HTTP (JSON) to
 * `<endpoint>/v1/traces`. Registering the provider globally also gives Next.js's own request spans
 * somewhere to go, so a request's trace begins at the server's span and ours nest under it; those
 * spans carry the URL as requested, query string included, and an error's message and stack as they
 * stand: SpanScrubber rewrites the first and masks the second.
 * Imported only when an endpoint is configured: unset, none of the SDK is loaded.
 */
export function startTracing(config: TracingConfig): void {
  if (holder[PROVIDER]) return;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    // The scrubber first: a span reaches the batch (and the collector) only as it leaves it.
    spanProcessors: [new SpanScrubber(), new BatchSpanProcessor(new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }))],
  });
  provider.register(config.trustIncoming ? {} : { propagator: null });
  holder[PROVIDER] = provider;
  markTracingStarted(true);
}

/** Sends the spans still buffered (before a test reads them, or at shutdown). */
export async function flushTracing(): Promise<void> {
  await holder[PROVIDER]?.forceFlush();
}

/**
 * Flushes and stops the SDK (at shutdown). Never fails and waits at most `boundMs`: a collector
 * that is down costs the buffered spans, not the orderly stop of the instance.
 */
export async function stopTracing(boundMs = 2_000): Promise<void> {
  const provider = holder[PROVIDER];
  if (!provider) return;
  holder[PROVIDER] = undefined;
  markTracingStarted(false);
  await within(
    provider.shutdown().catch(() => undefined),
    boundMs,
    () => undefined,
  );
  // Lets a later start (a test's) register again.
  trace.disable();
  context.disable();
  propagation.disable();
}
