import "server-only";
import { type Attributes, SpanStatusCode } from "@opentelemetry/api";
import type { Span } from "@opentelemetry/sdk-trace-node";
import { maskSensitiveDeep, maskSensitiveText } from "@/server/privacy";

/**
 * Masks, by value, the free text a span may carry before it is batched for the collector: what an
 * error put there, in Next.js's own spans above all. When a request, a render or a route handler
 * fails, Next.js records the error on its span (`recordException`: an `exception` event with
 * `exception.type`, `exception.message` and `exception.stacktrace`, the stack beginning with the
 * message), sets the span's status to ERROR with the error's message, and sets `error.type` to the
 * error's name. A message may quote what someone typed or what the payments API answered, a card
 * number or a BVN among it; each is masked as the logger masks a message (maskSensitiveText), and so
 * is every other string attribute of the span and of its events, whatever its key. Done as the span
 * ends (onEnding, while it can still be changed), when everything it will be exported with is set.
 */
export function scrubErrors(span: Span): void {
  scrubStatus(span);
  scrubAttributes(span);
  scrubEvents(span);
}

// Only an ERROR status keeps a message (the SDK drops any other's), and setting ERROR again may replace it.
function scrubStatus(span: Span): void {
  const { code, message } = span.status;
  if (code !== SpanStatusCode.ERROR || message === undefined) return;
  const masked = maskSensitiveText(message);
  if (masked !== message) span.setStatus({ code, message: masked });
}

function scrubAttributes(span: Span): void {
  const attributes: Attributes = span.attributes;
  const masked = maskedAttributes(attributes);
  if (masked === attributes) return;
  for (const [key, value] of Object.entries(masked)) if (value !== undefined && value !== attributes[key]) span.setAttribute(key, value);
}

/**
 * The span has no method to change an event: a changed one takes the place of the one recorded (the
 * array is the span's own until it ends, only the property holding it is read-only).
 */
function scrubEvents(span: Span): void {
  const events = span.events;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    if (!event.attributes) continue;
    const attributes = maskedAttributes(event.attributes);
    if (attributes !== event.attributes) events[i] = { ...event, attributes };
  }
}

/** The attributes with each value masked as the logger masks a line's values; the same object when nothing is masked. */
function maskedAttributes(attributes: Attributes): Attributes {
  let out: Attributes | undefined;
  for (const [key, value] of Object.entries(attributes)) {
    const masked = maskSensitiveDeep(value);
    if (masked === value) continue;
    out ??= { ...attributes };
    out[key] = masked;
  }
  return out ?? attributes;
}
