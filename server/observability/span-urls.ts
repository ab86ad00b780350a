import "server-only";
import type { Attributes } from "@opentelemetry/api";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { decodedOrNull } from "@/lib/url-decode";
import { maskSensitiveText } from "@/server/privacy";

/**
 * The attributes that hold a URL or its path, in the conventions Next.js still writes (`http.target`
 * on its request spans, `http.url` on its fetch spans) and in the current ones.
 */
const URL_KEYS = ["http.target", "http.url", "url.full", "url.path"];
// The query alone: nothing of it is kept.
const QUERY_KEYS = ["url.query"];
// Next.js repeats a span's name here, and a fetch span's name is "fetch GET <the URL fetched>".
const NAME_KEYS = ["next.span_name"];

// The scheme and authority of an absolute URL; a token of a name is a URL when it starts so, or with "/".
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;
const URL_TOKEN = /^(?:\/|[a-z][a-z\d+.-]*:\/\/)/i;

/**
 * A URL as a span may carry it: without its query and fragment, without a user and password, and
 * with a card number or BVN in its path masked (the access log leaves the query out for the same
 * reason: `GET /api/v1/search?q=<a BVN>` is what the global search sends).
 */
export function spanUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const bare = cut === -1 ? url : url.slice(0, cut);
  const origin = ORIGIN.exec(bare)?.[0] ?? "";
  return origin.replace(/(:\/\/)[^@]*@/, "$1") + maskedPath(bare.slice(origin.length));
}

/** Masked as read: "%32%32…" spells the same BVN as "22…", and only the decoded text shows it. */
function maskedPath(path: string): string {
  const decoded = decodedOrNull(path) ?? path;
  const masked = maskSensitiveText(decoded);
  return masked === decoded ? path : masked;
}

/** A span name with every URL in it (a fetch span's) made a span URL; the rest is a method or a route template. */
export function spanName(name: string): string {
  if (!name.includes("/")) return name;
  return name
    .split(" ")
    .map((token) => (URL_TOKEN.test(token) ? spanUrl(token) : token))
    .join(" ");
}

/**
 * Takes the query string (and a path's card number or BVN) out of every span before it is batched
 * for the collector, Next.js's own spans included: registering the provider makes Next.js record
 * `BaseServer.handleRequest` for every request, with `http.target` set to the URL as requested.
 * Next.js sets those attributes when it starts the span, so they are rewritten at the start; they are
 * rewritten again as the span ends (onEnding, while it can still be changed), for an attribute or a
 * name set meanwhile.
 */
export class SpanUrlScrubber implements SpanProcessor {
  onStart(span: Span): void {
    scrub(span);
  }

  onEnding(span: Span): void {
    scrub(span);
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function scrub(span: Span): void {
  const attributes: Attributes = span.attributes;
  for (const key of URL_KEYS) rewrite(span, attributes, key, spanUrl);
  for (const key of QUERY_KEYS) rewrite(span, attributes, key, () => "");
  for (const key of NAME_KEYS) rewrite(span, attributes, key, spanName);
  const name = spanName(span.name);
  if (name !== span.name) span.updateName(name);
}

function rewrite(span: Span, attributes: Attributes, key: string, clean: (value: string) => string): void {
  const value = attributes[key];
  if (typeof value !== "string") return;
  const cleaned = clean(value);
  if (cleaned !== value) span.setAttribute(key, cleaned);
}
