import "server-only";
import { type Attributes, SpanKind } from "@opentelemetry/api";
import type { Span } from "@opentelemetry/sdk-trace-node";
import { decodedOrNull } from "@/lib/url-decode";
import { maskSensitiveText } from "@/server/privacy";

/**
 * The attributes that hold a URL or its path, in the conventions Next.js still writes (`http.target`
 * on its request spans, `http.url` on its fetch spans) and in the current ones.
 */
const URL_KEYS = ["http.target", "http.url", "url.full", "url.path"];
// On a span of an outgoing call (CLIENT), these hold the path fetched, which is kept no more than in its URL.
const CLIENT_PATH_KEYS = ["http.target", "url.path"];
// The query alone: nothing of it is kept.
const QUERY_KEYS = ["url.query"];
// Next.js repeats a span's name here, and a fetch span's name is "fetch GET <the URL fetched>".
const NAME_KEYS = ["next.span_name"];

// The scheme and authority of an absolute URL; a token of a name is a URL when it starts so, or with "/".
// (A backslash ends the authority too: a URL parser reads it as "/" in an http(s) URL.)
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#\\]*/i;
const URL_TOKEN = /^(?:\/|[a-z][a-z\d+.-]*:\/\/)/i;

/**
 * A URL as a span may carry it. An absolute URL (a fetched one: Next.js names its fetch spans
 * "fetch POST <the URL>" and puts it in `http.url`) keeps its scheme and host only, without a user and
 * password: a third party's path may itself be a secret (a chat service's incoming webhook keeps its token in its
 * path), and which service was called is all a trace needs. The upstream is no exception: its calls
 * go through our own pooled transport and are traced by operation template, never through `fetch`.
 * A path (an incoming request's `http.target`) keeps its path, without query and fragment, with a card
 * number or BVN in it masked (the access log leaves the query out for the same reason:
 * `GET /api/v1/search?q=<a BVN>` is what the global search sends).
 */
export function spanUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const bare = cut === -1 ? url : url.slice(0, cut);
  const origin = ORIGIN.exec(bare)?.[0];
  if (origin !== undefined) return origin.replace(/(:\/\/)[^@]*@/, "$1");
  return maskedPath(bare);
}

/** Masked as read: "%32%32…" spells the same BVN as "22…", and only the decoded text shows it. */
function maskedPath(path: string): string {
  const decoded = decodedOrNull(path) ?? path;
  const masked = maskSensitiveText(decoded);
  return masked === decoded ? path : masked;
}

/** A span name with every URL in it (a fetch span's: its origin only) made a span URL; the rest is a method or a route template. */
export function spanName(name: string): string {
  if (!name.includes("/")) return name;
  return name
    .split(" ")
    .map((token) => (URL_TOKEN.test(token) ? spanUrl(token) : token))
    .join(" ");
}

/**
 * Takes the query string (and a path's card number or BVN) out of every span before it is batched
 * for the collector, and every URL fetched down to its origin, Next.js's own spans included:
 * registering the provider makes Next.js record `BaseServer.handleRequest` for every request, with
 * `http.target` set to the URL as requested, and a span for each call of the global `fetch`.
 * Next.js sets those attributes when it starts the span, so they are rewritten at the start; they are
 * rewritten again as the span ends (onEnding, while it can still be changed), for an attribute or a
 * name set meanwhile.
 */
export function scrubUrls(span: Span): void {
  const attributes: Attributes = span.attributes;
  for (const key of URL_KEYS) rewrite(span, attributes, key, spanUrl);
  if (span.kind === SpanKind.CLIENT) for (const key of CLIENT_PATH_KEYS) rewrite(span, attributes, key, () => "");
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
