import "server-only";
import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { markTracingStarted } from "./tracing";

export type TracingConfig = { endpoint: string; serviceName: string };

const PROVIDER = Symbol.for("backoffice.tracing.provider");
const holder = globalThis as unknown as { [PROVIDER]?: NodeTracerProvider };

/**
 * Starts the OpenTelemetry SDK: spans are batched and sent as OTLP/HTTP (JSON) to
 * `<endpoint>/v1/traces`. Registering the provider globally also gives Next.js's own request spans
 * somewhere to go, so a request's trace begins at the server's span and ours nest under it.
 * Imported only when an endpoint is configured: unset, none of the SDK is loaded.
 */
export function startTracing(config: TracingConfig): void {
  if (holder[PROVIDER]) return;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }))],
  });
  provider.register();
  holder[PROVIDER] = provider;
  markTracingStarted(true);
}

/** Sends the spans still buffered (before a test reads them, or at shutdown). */
export async function flushTracing(): Promise<void> {
  await holder[PROVIDER]?.forceFlush();
}

/** Flushes and stops the SDK (at shutdown). */
export async function stopTracing(): Promise<void> {
  const provider = holder[PROVIDER];
  if (!provider) return;
  holder[PROVIDER] = undefined;
  markTracingStarted(false);
  await provider.shutdown();
  // Lets a later start (a test's) register again.
  trace.disable();
  context.disable();
  propagation.disable();
}
