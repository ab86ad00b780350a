import "server-only";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import {
  afterPlus,
  blankIds,
  byStart,
  type Group,
  MAX_JOIN,
  MAX_PHONE_DIGITS,
  MAX_PHONE_DIGITS_PASSING_LUHN,
  MAX_WHITESPACE_RUN,
  mayHoldNumber,
  normalizeDigits,
  readingsOf,
  readsPercentAsItself,
  runsIn,
  type SensitiveSpan,
  spansOf,
} from "@/lib/validation/sensitive-digits";
import { DIRECTION_CONTROLS } from "@/lib/validation/plain-text";
import { env } from "@/server/env";

const DOT = "•";
const REDACTED = "[redacted]";

/**
 * The text with every secret (see maskSecrets), BVN candidate, card number and (beside a card
 * number) CVV masked, whatever key it sits under and whatever script its digits are written in, and
 * without direction controls. Text holding none comes back unchanged; text holding a number comes
 * back in its normalised form (NFKC, ASCII digits, no invisible characters) with the masks.
 */
export function maskSensitiveText(text: string): string {
  return maskNumbers(maskSecrets(withoutDirectionControls(text)));
}

// The direction controls staff text refuses (lib/validation/plain-text.ts). After U+202E a card
// number written backwards ("\u202E1111111111111114") is shown forwards, while its digits, read in
// the order they are stored, are no card number; without the control they are shown as stored.
const DIRECTION_CONTROL = new RegExp(`[${DIRECTION_CONTROLS}]`, "gu");

/** Every string of every answer and log line passes here: most hold no control, and are not copied. */
function withoutDirectionControls(text: string): string {
  const out = text.replace(DIRECTION_CONTROL, "");
  // Only removed characters can change it: the same length is the same text, kept whatever the engine gave back.
  return out.length === text.length ? text : out;
}

// An Authorization header's value, quoted in a message or a dumped request; a token is long, a word after "Bearer" is not.
const BEARER = /\b(Bearer\s+)[A-Za-z0-9\-._~+/]{16,}=*/gi;
// A JWT (an access token, an id token, a session): its header always begins "{"… in base64url.
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// The provider's secret key shape, configured here or not (another business's key pasted in a note).
const SECRET_KEY = /\bsk_(?:live|test)_[A-Za-z0-9]{6,}/g;
// An Authorization header's Basic credential: base64 of "id:secret" (checked by decoding, see basicCredential).
const BASIC = /\b(Basic\s+)([A-Za-z0-9+/]{12,}={0,2})/gi;
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
  if (/basic/i.test(out))
    out = out.replace(BASIC, (whole, scheme: string, token: string) => (basicCredential(token) ? scheme + REDACTED : whole));
  if (out.includes("sk_")) out = out.replace(SECRET_KEY, REDACTED);
  for (const secret of configuredSecrets()) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
  return out;
}

/** Whether a token after "Basic" decodes to "id:secret" in printable ASCII, as a credential does (not "Basic information"). */
function basicCredential(token: string): boolean {
  if (token.length % 4 !== 0) return false;
  const decoded = Buffer.from(token, "base64").toString("latin1");
  return /^[\x21-\x7e]+:[\x20-\x7e]+$/.test(decoded);
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
  // The pair as it travels in the Basic header of POST /auth, which an upstream may echo without the scheme.
  const pair = config.upstream.kind === "http" ? Buffer.from(`${config.upstream.businessId}:${config.upstream.secretKey}`) : undefined;
  return (secrets = [
    upstream,
    pair?.toString("base64"),
    pair?.toString("base64url"),
    config.webhookSecret,
    config.authSecret,
    config.oidc?.clientSecret,
    config.metricsToken,
    config.auditStreamToken,
  ].filter((secret): secret is string => secret !== undefined && secret.length >= MIN_SECRET_LENGTH));
}

// How much of a text maskedExcerpt reads, and how much of the end of that it drops once masked.
const EXCERPT_WINDOW = 2000;
const EXCERPT_TAIL = 500;

/**
 * The first `max` characters of `text` as maskSensitiveText gives it, reading no more than a window
 * of it. Cutting before masking could cut a card number or a secret in two and leave its first part
 * unread and readable ("…card 411111111111111"); masking can also shrink what comes before the cut
 * (a long token becomes "[redacted]"), bringing that part forward. So, when the text is longer than
 * the window, the masked window's last EXCERPT_TAIL characters, where such a part would be, are dropped.
 */
export function maskedExcerpt(text: string, max = 300): string {
  if (text.length <= EXCERPT_WINDOW) return maskSensitiveText(text).slice(0, max);
  const masked = maskSensitiveText(text.slice(0, EXCERPT_WINDOW));
  return `${masked.slice(0, Math.min(max, Math.max(0, masked.length - EXCERPT_TAIL)))}…`;
}

/** maskSensitiveText without the secrets: the BVN candidates, card numbers and CVVs only. */
function maskNumbers(text: string): string {
  if (!mayHoldSensitiveRun(text) || !mayHoldNumber(text)) return text;
  const normalized = normalizeDigits(text);
  const spans = sensitiveSpansIn(normalized);
  if (spans.length === 0) return text;
  let out = "";
  let at = 0;
  for (const cluster of clustersOf(spans)) {
    out += normalized.slice(at, cluster.start) + maskOf(cluster);
    at = cluster.end;
  }
  return out + normalized.slice(at);
}

/**
 * The shared rule's spans (findSensitiveSpans, the rule the staff's input check refuses by), without
 * what only the full plan of every country's phone numbers can give back: a phone number after a "+"
 * that the shared rule reads as a card (see withoutPhoneNumbers).
 */
function sensitiveSpansIn(normalized: string): SensitiveSpan[] {
  return readingsOf(blankIds(normalized)).flatMap((text) => {
    const runs = runsIn(text);
    const spans = spansOf(text, runs);
    return text.includes("+") && spans.some((s) => s.kind === "card") ? withoutPhoneNumbers(text, runs, spans) : spans;
  });
}

// Where cards of 13 to 15 digits are issued: UATP, JCB and enRoute (1, 1800, 2014, 2131, 2149), Amex,
// Diners Club and JCB (3), Maestro (5 and 6, 12–19 digits), and Visa's old 13-digit numbers.
const SHORT_CARD_RANGE = /^(?:1|2[01]|[356])|^4\d{12}$/;

/**
 * The spans without those of an international phone number of 13 to 15 digits, which the shared
 * rule reads as a card when it passes Luhn (one of 13 only when it starts as a card does). Such a
 * run is taken out only when it can be nothing else: right after a "+", written whole or in groups
 * joined by spaces or dashes with the country code first, and a valid number of that country's plan
 * digit for digit. One of 14 or 15 digits also has no card number of its length issued in the range
 * of any Luhn-valid stretch of it; one of 13 is the plan's, since 13-digit cards (an old Visa, a short
 * Maestro) are rare and 13-digit mobile numbers common. "+378282246310005" (an Amex) and
 * "+4222222222222" (a Visa, in no plan) stay masked; "+49 2699 891621363" and "+4915123456787" do not.
 */
function withoutPhoneNumbers(text: string, runs: Group[][], spans: SensitiveSpan[]): SensitiveSpan[] {
  const kept: SensitiveSpan[] = [];
  const sorted = [...spans].sort(byStart);
  let next = 0;
  let dropped = false;
  for (const run of runs) {
    const start = run[0]!.start;
    const end = run[run.length - 1]!.end;
    while (next < sorted.length && sorted[next]!.start < start) kept.push(sorted[next++]!);
    const inRun: SensitiveSpan[] = [];
    while (next < sorted.length && sorted[next]!.start < end) inRun.push(sorted[next++]!);
    const long = digitsOf(run).length > MAX_PHONE_DIGITS_PASSING_LUHN;
    if (
      inRun.some((s) => s.kind === "card") &&
      isPhoneNumber(text, run) &&
      !(long && inRun.some((s) => s.kind === "card" && SHORT_CARD_RANGE.test(s.digits)))
    )
      dropped = true;
    else kept.push(...inRun);
  }
  kept.push(...sorted.slice(next));
  if (!dropped || kept.some((s) => s.kind === "card")) return kept;
  // With no card number left, a short group is no CVV.
  return kept.filter((s) => s.kind !== "cvv");
}

const digitsOf = (run: Group[]) => run.map((g) => g.digits).join("");

/** A 13- to 15-digit run after a "+" that is an international phone number (see withoutPhoneNumbers). */
function isPhoneNumber(text: string, run: Group[]): boolean {
  if (!afterPlus(text, run)) return false;
  if (!run.every((g, k) => k === run.length - 1 || g.join === " " || g.join === "-")) return false;
  const digits = digitsOf(run);
  if (digits.length < MAX_PHONE_DIGITS_PASSING_LUHN || digits.length > MAX_PHONE_DIGITS) return false;
  // The full metadata checks the digits against each plan; the default one only counts them.
  const phone = parsePhoneNumberFromString(`+${digits}`);
  // A number whose national prefix the parser dropped ("+234 0803…") is not written as the plan has it.
  if (!phone?.isValid() || phone.number !== `+${digits}`) return false;
  return run.length === 1 || run[0]!.digits === phone.countryCallingCode;
}

/** The fewest digits a sensitive span has: a BVN's 11 (a card has 13 or more; a CVV counts only beside a card). */
const FEWEST_SENSITIVE_DIGITS = 11;

/**
 * A first look in one pass over the characters, for the text every answer is full of (dates, ids,
 * URLs with escapes): a span is made of digit groups joined by at most three characters other than
 * letters (a run of whitespace, encoded spaces "%20" among it, counting as one up to
 * MAX_WHITESPACE_RUN long; an escape, "%2D", as the character it stands for), so ASCII text
 * without such a run of 11 digits holds none. Where the rule also reads each "%" as a character of
 * its own (readingsOf), the text is looked at that way too. Any other text goes on to the full check.
 */
export function mayHoldSensitiveRun(text: string): boolean {
  return mayHoldRun(text, false) || (readsPercentAsItself(text) && mayHoldRun(text, true));
}

const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

function mayHoldRun(text: string, percentAsSpace: boolean): boolean {
  let run = 0;
  let gap = 0;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c > 0x7f) return true;
    if (c >= 48 && c <= 57) {
      run = gap > MAX_JOIN ? 1 : run + 1;
      if (run >= FEWEST_SENSITIVE_DIGITS) return true;
      gap = 0;
      spaces = 0;
      continue;
    }
    if (c === 0x25 && percentAsSpace) c = 0x20;
    else if (c === 0x25 && HEX_PAIR.test(text.slice(i + 1, i + 3))) {
      // An escape is the character it stands for (a digit or a letter it stands for separates, see joinOf).
      c = parseInt(text.slice(i + 1, i + 3), 16);
      i += 2;
      if (c >= 48 && c <= 57) c = 0x41;
    }
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      if (spaces++ === 0) gap++;
      // Too long a run separates groups, whatever stands beside it.
      if (spaces > MAX_WHITESPACE_RUN) gap = MAX_JOIN + 1;
    } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      run = 0;
      gap = 0;
      spaces = 0;
    } else {
      gap++;
      spaces = 0;
    }
  }
  return false;
}

type Cluster = { start: number; end: number; spans: SensitiveSpan[] };

/** Overlapping spans (a BVN window inside a card's groups) become one masked stretch. */
function clustersOf(spans: SensitiveSpan[]): Cluster[] {
  const sorted = [...spans].sort(byStart);
  const clusters: Cluster[] = [];
  for (const span of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      last.spans.push(span);
    } else clusters.push({ start: span.start, end: span.end, spans: [span] });
  }
  return clusters;
}

/**
 * A BVN or card number keeps its last four digits behind the fixed-length mask (as maskTail does); a
 * CVV nothing. Where readings overlap, the stretch's own last four may be a CVV: taken in by a BVN
 * window across a card number's last groups and its CVV ("4340 7550 2021 9226 357"), or by a 19-digit
 * window passing Luhn ("5399-5508-8069-6358-332"). So the four shown are those of the reading that
 * ends first, a card number before a BVN (which, having no check digit, is read across almost every
 * card number with a CVV beside it), and none when another reading of its kind reaches past them:
 * they are that one's middle digits if it is the real number.
 */
function maskOf(cluster: Cluster): string {
  const numbers = cluster.spans.filter((s) => s.kind !== "cvv");
  if (numbers.length === 0) return DOT.repeat(3);
  const cards = numbers.filter((s) => s.kind === "card");
  const readings = cards.length > 0 ? cards : numbers;
  const first = readings.reduce((a, b) => (b.end < a.end ? b : a));
  const inAnother = readings.some((s) => s.start < first.end && first.end < s.end);
  return DOT.repeat(7) + (inAnother ? "" : first.digits.slice(-4));
}

/**
 * An audited reveal's answer: masked as every answer is (maskSensitiveDeep, typed), but for the
 * values at `revealed` (dotted paths of object keys, "record.bvn"), which the member asked to see and
 * are sent as they are, less any secret (maskSecrets): what is revealed is the named value, not a
 * card number or a key the upstream put in another field of the same answer.
 */
export function maskRevealed<T>(value: T, revealed: readonly string[]): T {
  let out = maskSensitiveDeep(value, "typed") as unknown;
  for (const path of revealed) {
    const keys = path.split(".");
    const shown = at(value, keys);
    if (typeof shown === "string") out = withValueAt(out, keys, maskSecrets(withoutDirectionControls(shown)));
  }
  return out as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function at(value: unknown, keys: string[]): unknown {
  let here = value;
  for (const key of keys) {
    if (!isRecord(here) || !Object.hasOwn(here, key)) return undefined;
    here = here[key];
  }
  return here;
}

/** A copy of `value` with `shown` at `keys`, every object on the way copied: the masked answer may share objects with the data. */
function withValueAt(value: unknown, keys: string[], shown: string): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return shown;
  if (!isRecord(value) || !Object.hasOwn(value, key)) return value;
  return { ...value, [key]: withValueAt(value[key], rest, shown) };
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
