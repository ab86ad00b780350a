import "server-only";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { scrubErrors } from "./span-errors";
import { scrubUrls } from "./span-urls";

/**
 * The one span processor between the app's spans (Next.js's own included) and the batch that sends
 * them to the collector: a span reaches the batch only as it leaves this. URLs are rewritten at the
 * start (Next.js sets them then) and again as the span ends, with what an error left on it masked
 * (onEnding: while the span can still be changed, once everything it is exported with is set).
 */
export class SpanScrubber implements SpanProcessor {
  onStart(span: Span): void {
    scrubUrls(span);
  }

  onEnding(span: Span): void {
    scrubUrls(span);
    scrubErrors(span);
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
