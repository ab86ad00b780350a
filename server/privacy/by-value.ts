import "server-only";
import { findSensitiveSpans, mayHoldNumber, normalizeDigits, type SensitiveSpan } from "@/lib/validation/sensitive-digits";

const DOT = "•";

/**
 * The text with every BVN candidate, card number and (beside a card number) CVV masked, whatever
 * key it sits under and whatever script its digits are written in. Text holding none comes back
 * unchanged; text holding one comes back in its normalised form (NFKC, ASCII digits) with the masks.
 */
export function maskSensitiveText(text: string): string {
  if (!mayHoldSensitiveRun(text) || !mayHoldNumber(text)) return text;
  const normalized = normalizeDigits(text);
  const spans = findSensitiveSpans(normalized);
  if (spans.length === 0) return text;
  let out = "";
  let at = 0;
  for (const cluster of clustersOf(spans)) {
    out += normalized.slice(at, cluster.start) + maskOf(cluster, normalized);
    at = cluster.end;
  }
  return out + normalized.slice(at);
}

/** The fewest digits a sensitive span has: a BVN's 11 (a card has 13 or more; a CVV counts only beside a card). */
const FEWEST_SENSITIVE_DIGITS = 11;

/**
 * A first look in one pass over the characters, for the text every answer is full of (dates, ids,
 * URLs with escapes): a span is made of digit groups joined by single spaces or dashes, so ASCII
 * text without such a run of 11 digits holds none. Any other text goes on to the full check.
 */
export function mayHoldSensitiveRun(text: string): boolean {
  let run = 0;
  // 0: outside a run; 1: after a digit; 2: after a digit and one joining space or dash.
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return true;
    if (c >= 48 && c <= 57) {
      run = state === 0 ? 1 : run + 1;
      if (run >= FEWEST_SENSITIVE_DIGITS) return true;
      state = 1;
    } else if (state === 1 && (c === 0x20 || c === 0x2d || (c >= 0x09 && c <= 0x0d))) state = 2;
    else state = 0;
  }
  return false;
}

type Cluster = { start: number; end: number; number: boolean };

/** Overlapping spans (a BVN window inside a card's groups) become one masked stretch. */
function clustersOf(spans: SensitiveSpan[]): Cluster[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const clusters: Cluster[] = [];
  for (const span of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      last.number ||= span.kind !== "cvv";
    } else clusters.push({ start: span.start, end: span.end, number: span.kind !== "cvv" });
  }
  return clusters;
}

/** A BVN or card number keeps its last four digits behind the fixed-length mask (as maskTail does); a CVV nothing. */
function maskOf(cluster: Cluster, text: string): string {
  if (!cluster.number) return DOT.repeat(3);
  return DOT.repeat(7) + text.slice(cluster.start, cluster.end).replace(/\D/g, "").slice(-4);
}

/** True when the text holds a BVN candidate or a card number by value. */
export function holdsSensitiveNumber(text: string): boolean {
  return maskSensitiveText(text) !== text;
}

/**
 * A copy of `value` with every string masked by value (maskSensitiveText), at any depth: what
 * leaves the server in an answer, a page's data, a log line, an audit entry or a CSV. Object keys
 * are data too (a record keyed by reference). Numbers are left alone: a card number cannot travel
 * as a JSON number without losing digits, and amounts must stay numbers.
 */
export function maskSensitiveDeep<T>(value: T, depth = 0): T {
  return walk(value, depth) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === "string") return maskSensitiveText(value);
  if (value === null || typeof value !== "object") return value;
  // Beyond this depth nothing is kept: recursion must not be driven by input.
  if (depth > 32) return "[too deep]";
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const masked = walk(item, depth + 1);
      if (masked !== item) changed = true;
      return masked;
    });
    return changed ? out : value;
  }
  // Class instances (an Error on its way to the log's serializer, a Date) are not data to walk.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const maskedKey = maskSensitiveText(key);
    const masked = walk(item, depth + 1);
    if (masked !== item || maskedKey !== key) changed = true;
    out[maskedKey] = masked;
  }
  return changed ? out : value;
}
