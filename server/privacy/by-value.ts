import "server-only";
import { findSensitiveSpans, mayHoldNumber, normalizeDigits, type SensitiveSpan } from "@/lib/validation/sensitive-digits";
import { env } from "@/server/env";

const DOT = "•";
const REDACTED = "[redacted]";

/**
 * The text with every secret (see maskSecrets), BVN candidate, card number and (beside a card
 * number) CVV masked, whatever key it sits under and whatever script its digits are written in.
 * Text holding none comes back unchanged; text holding a number comes back in its normalised form
 * (NFKC, ASCII digits, no invisible characters) with the masks.
 */
export function maskSensitiveText(text: string): string {
  return maskNumbers(maskSecrets(text));
}

// An Authorization header's value, quoted in a message or a dumped request; a token is long, a word after "Bearer" is not.
const BEARER = /\b(Bearer\s+)[A-Za-z0-9\-._~+/]{16,}=*/gi;
// A JWT (an access token, an id token, a session): its header always begins "{"… in base64url.
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// The provider's secret key shape, configured here or not (another business's key pasted in a note).
const SECRET_KEY = /\bsk_(?:live|test)_[A-Za-z0-9]{6,}/g;
// A configured secret shorter than this is a placeholder, and replacing it would garble text.
const MIN_SECRET_LENGTH = 8;

/**
 * Secrets by value: a bearer token, a JWT, a secret key, and this deployment's own secrets
 * wherever they are quoted, since a key name is no help once a secret is inside a message.
 */
function maskSecrets(text: string): string {
  let out = text;
  if (out.includes("eyJ")) out = out.replace(JWT, REDACTED);
  if (/bearer/i.test(out)) out = out.replace(BEARER, `$1${REDACTED}`);
  if (out.includes("sk_")) out = out.replace(SECRET_KEY, REDACTED);
  for (const secret of configuredSecrets()) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
  return out;
}

let secrets: string[] | undefined;

/** Read once: the masker runs on every string of every answer and log line. */
function configuredSecrets(): string[] {
  if (secrets) return secrets;
  let config;
  try {
    config = env();
  } catch {
    // The masker runs inside the logger, which must still write the line saying the configuration is invalid.
    return (secrets = []);
  }
  const upstream = config.upstream.kind === "http" ? config.upstream.secretKey : undefined;
  return (secrets = [
    upstream,
    config.webhookSecret,
    config.authSecret,
    config.oidc?.clientSecret,
    config.metricsToken,
    config.auditStreamToken,
  ].filter((secret): secret is string => secret !== undefined && secret.length >= MIN_SECRET_LENGTH));
}

/** maskSensitiveText without the secrets: the BVN candidates, card numbers and CVVs only. */
function maskNumbers(text: string): string {
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
 * URLs with escapes): a span is made of digit groups joined by at most three characters other than
 * letters (an encoded space "%20" counting as one; any other "%" separates), so ASCII text without
 * such a run of 11 digits holds none. Any other text goes on to the full check.
 */
export function mayHoldSensitiveRun(text: string): boolean {
  let run = 0;
  let gap = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return true;
    if (c >= 48 && c <= 57) {
      run = gap > MAX_JOIN ? 1 : run + 1;
      if (run >= FEWEST_SENSITIVE_DIGITS) return true;
      gap = 0;
    } else if (c === 0x25 && text.startsWith("20", i + 1)) {
      gap++;
      i += 2;
    } else if (c === 0x25 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      run = 0;
      gap = 0;
    } else gap++;
  }
  return false;
}

// The most characters joining two digit groups (sensitive-digits.ts).
const MAX_JOIN = 3;

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
  return maskNumbers(text) !== text;
}

/**
 * How a whole number is read. Free-form data (a log line, an audit detail, a stored webhook
 * payload) may hold a card number or a BVN as a JSON number (16 and 11 digits are exact), so there
 * both are looked for. In an answer checked against its contract a number is a quantity the
 * contract names (an amount in minor units, a balance, a count), and an 11-digit balance is
 * ordinary: only a card number, which no quantity is, is looked for there.
 */
export type WholeNumbers = "free-form" | "typed";

/**
 * A copy of `value` with every string masked by value (maskSensitiveText), at any depth: what
 * leaves the server in an answer, a page's data, a log line, an audit entry or a CSV. Object keys
 * are data too (a record keyed by reference). A whole number is read by its digits like a string
 * (see WholeNumbers) and, when masked, becomes the masked string.
 */
export function maskSensitiveDeep<T>(value: T, numbers: WholeNumbers = "free-form"): T {
  return walk(value, 0, numbers) as T;
}

function walk(value: unknown, depth: number, numbers: WholeNumbers): unknown {
  if (typeof value === "string") return maskSensitiveText(value);
  if (typeof value === "number") return maskWholeNumber(value, numbers);
  if (value === null || typeof value !== "object") return value;
  // Beyond this depth nothing is kept: recursion must not be driven by input.
  if (depth > 32) return "[too deep]";
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const masked = walk(item, depth + 1, numbers);
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
    const masked = walk(item, depth + 1, numbers);
    if (masked !== item || maskedKey !== key) changed = true;
    out[maskedKey] = masked;
  }
  return changed ? out : value;
}

// No card number in use starts with 0 or 1; epoch milliseconds (13 digits from "1") do, and stay numbers.
const NOT_A_CARD = /^[01]\d{12,}$/;

function maskWholeNumber(value: number, numbers: WholeNumbers): number | string {
  if (!Number.isSafeInteger(value) || Math.abs(value) < (numbers === "typed" ? 1e12 : 1e10)) return value;
  const text = String(value);
  if (NOT_A_CARD.test(text.replace("-", ""))) return value;
  const masked = maskNumbers(text);
  return masked === text ? value : masked;
}
