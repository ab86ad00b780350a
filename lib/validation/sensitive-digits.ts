/**
 * Recognises a BVN or a card number by its value, in any script: the one rule shared by the
 * free-text fields (form and route) and the server's masking (server/privacy). Pure and isomorphic.
 *
 * Text is read after NFKC (full-width and mathematical digits become ASCII) with every other
 * Unicode decimal digit (Arabic-Indic, Devanagari, Bengali …) read as its value, so a number
 * cannot hide behind another script's digits.
 */

const DECIMAL_DIGIT = /\p{Nd}/u;
const NON_ASCII = /[^\u0000-\u007f]/;
const digitValues = new Map<number, number>();

/**
 * Unicode encodes every decimal digit in blocks of ten, 0 to 9, so a digit's value is its
 * distance from the start of its stretch of consecutive digit code points, modulo 10
 * (some stretches, the mathematical digits, hold several blocks back to back).
 */
function digitValue(codePoint: number): number {
  const known = digitValues.get(codePoint);
  if (known !== undefined) return known;
  let start = codePoint;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  const value = (codePoint - start) % 10;
  digitValues.set(codePoint, value);
  return value;
}

const FORMAT = /\p{Cf}/u;
// Letters that show nothing: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the Arabic
// tatweel (U+0640, a stretch of the line), which a number can be strung with and still read.
const INVISIBLE_LETTER = /[\u115F\u1160\u3164\uFFA0\u0640]/u;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/**
 * NFKC, then every decimal digit of any script as its ASCII digit. Invisible format characters
 * (zero-width space, soft hyphen, word joiner …) and letters that show nothing (INVISIBLE_LETTER)
 * are dropped, and so are marks not on a letter
 * (a keycap, an accent on a digit): either would hide a number while showing it. Marks on letters
 * stay, since they are part of the words of many scripts. ASCII text comes back as it is.
 */
export function normalizeDigits(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let out = "";
  let onLetter = false;
  for (const char of text.normalize("NFKC")) {
    const codePoint = char.codePointAt(0)!;
    if (FORMAT.test(char) || INVISIBLE_LETTER.test(char)) continue;
    if (MARK.test(char)) {
      if (onLetter) out += char;
      continue;
    }
    onLetter = LETTER.test(char);
    out += codePoint > 0x7f && DECIMAL_DIGIT.test(char) ? String(digitValue(codePoint)) : char;
  }
  return out;
}

/** The Luhn check every card number passes (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type SensitiveKind = "bvn" | "card" | "cvv";
/** A stretch of the normalised text: [start, end) and its digits. */
export type SensitiveSpan = { kind: SensitiveKind; start: number; end: number; digits: string };

// A digit group, but not the hex digits of a percent escape ("%20", "%2D").
const GROUP = /(?<!%[0-9A-Fa-f]?)\d+/g;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;

/** The character a percent escape at `at` stands for, or null where none stands ("%" alone, "%G1"). */
function escapedAt(text: string, at: number): string | null {
  if (text[at] !== "%" || !/^[0-9A-Fa-f]{2}$/.test(text.slice(at + 1, at + 3))) return null;
  return String.fromCharCode(parseInt(text.slice(at + 1, at + 3), 16));
}

/** The character just before `at`, an escape ending there read as what it stands for. */
function charBefore(text: string, at: number): string {
  return (at >= 3 && escapedAt(text, at - 3)) || (text[at - 1] ?? "");
}

/** The character at `at`, an escape starting there read as what it stands for. */
function charAt(text: string, at: number): string {
  return escapedAt(text, at) ?? text[at] ?? "";
}
// A run glued to a word ("txn_usd_0003", "NIP20261030000112", a hex hash) is part of an identifier,
// and so is one glued to an "@": the digits of an email address ("ops-1764154651234@example.com")
// are its name. An identifier may still not carry a card number (see windowsOf).
const WORD_CHAR = /[\p{L}\p{M}_@]/u;
// A request id or lookup id: its hex groups are never a card or a BVN.
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
// E.164 allows 15 digits after the "+", but the phone numbers staff see end at 13 (+234 and ten
// digits): a 14- or 15-digit one passing Luhn is taken for the card it looks like (an Amex), and so
// is one of 13 that starts as a card does (see isPhone).
export const MAX_PHONE_DIGITS = 15;
export const MAX_PHONE_DIGITS_PASSING_LUHN = 13;
// Card numbers issued today start with 2221–2720 or 3–6; a date-led reference ("NIP20261030000112") does not.
export const CARD_PREFIX = /^(?:2[2-7]|[3-6])/;
/** The most characters joining two digit groups (see joinOf), a run of whitespace counting as one. */
export const MAX_JOIN = 3;
/**
 * The longest run of whitespace that still joins two digit groups (see joinOf). Padding a number's
 * groups with a few spaces or tabs must not hide it, but a wider gap is a column break in text laid
 * out as a table (a fixed-width report, a log's aligned fields), where neighbouring columns' digits
 * would otherwise add up to a BVN's 11.
 */
export const MAX_WHITESPACE_RUN = 8;
// Whitespace as \s reads it: tabs, line breaks, the no-break and other Unicode spaces.
const WHITESPACE_RUN = /\s+/g;
const TOO_LONG_WHITESPACE = new RegExp(String.raw`\s{${MAX_WHITESPACE_RUN + 1}}`);

/** A digit group and how it joins the next one of its run (see joinOf); `glued` to a word. */
export type Group = { start: number; end: number; digits: string; glued: boolean; join: string | null };

/**
 * What the text between two digit groups joins them as, or null if it separates them. Up to three
 * characters that are not letters or digits ("4111.1111", "4111 - 1111"), a percent escape read as
 * the character it stands for ("4111%201111", "4111%2D1111"), except
 * ":" (times, ports), "@" (addresses), a "%" of its own, a list's ", " or "; " ("MCC 5411, 5812"), and a
 * "+" that is not alone (after a space it starts a phone number). Any dash is one kind, and so is
 * whitespace, a run of which counts as one character up to MAX_WHITESPACE_RUN long.
 */
function joinOf(between: string): string | null {
  let sep = between.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Collapsed before the length is counted, or four spaces or tabs between groups would hide the
  // number. No join holds more than three whole runs.
  if (sep.length > MAX_JOIN) {
    if (sep.length > MAX_JOIN * MAX_WHITESPACE_RUN || TOO_LONG_WHITESPACE.test(sep)) return null;
    sep = sep.replace(WHITESPACE_RUN, " ");
  }
  if (sep.length > MAX_JOIN || /[\p{L}\p{N}\p{M}:@%]/u.test(sep) || /[,;]\s/.test(sep)) return null;
  if (sep.includes("+") && sep !== "+") return null;
  return sep.replace(WHITESPACE_RUN, " ").replace(/[\p{Pd}\u2212]/gu, "-");
}

/** The text the rule reads: `normalized` (see normalizeDigits) with request ids' digits blanked. */
export function blankIds(normalized: string): string {
  return normalized.replace(UUID, (id) => id.replace(/\d/g, "x"));
}

/**
 * The runs of digit groups of `text` (see blankIds), each group with how it joins the next one,
 * as the rule reads them: the run of a phone number (see isPhone) or of an address's name is left out.
 */
export function runsIn(text: string): Group[][] {
  const runs: Group[][] = [];
  let run: Group[] = [];
  for (const m of text.matchAll(GROUP)) {
    const start = m.index;
    const end = start + m[0].length;
    const last = run[run.length - 1];
    if (last) {
      last.join = joinOf(text.slice(last.end, start));
      if (last.join === null) {
        runs.push(run);
        run = [];
      }
    }
    run.push({ start, end, digits: m[0], glued: WORD_CHAR.test(charBefore(text, start)) || WORD_CHAR.test(charAt(text, end)), join: null });
  }
  if (run.length) runs.push(run);
  // A run that ends at an "@" is the tail of an address's local part, dashes and all
  // ("staff-1795705683773-870583@example.com"): every group of it is glued to the name, so it is
  // no BVN, and a card number only if it starts as one ("4111-1111-1111-1111@example.com").
  for (const r of runs) if (text[r[r.length - 1]!.end] === "@") for (const group of r) group.glued = true;
  return runs.filter((r) => !isPhone(text, r));
}

// An escape of a space, "/", "+", "&", ",", ":", "=", "<" or ">": text holding one is URL-encoded.
const URL_ENCODED = /%(?:20|2[FfBb6Cc]|3[ADadCcEe])/;

/**
 * Whether the rule also reads `text` with each "%" as a character of its own (see readingsOf): it
 * holds a "%", and no escape that only URL-encoded text holds.
 */
export function readsPercentAsItself(text: string): boolean {
  return text.includes("%") && !URL_ENCODED.test(text);
}

/**
 * The texts the rule reads for `text`: itself (a "%" and two hex digits an escape, see joinOf), and,
 * where readsPercentAsItself, the same text with each "%" a space instead ("fee 5%22222222222",
 * "%4111111111111111"): the same length, so a span found in either is one of both. Not in URL-encoded
 * text, where it would join an escape's hex digits to the numbers around it ("%220%200%2064").
 */
export function readingsOf(text: string): string[] {
  return readsPercentAsItself(text) ? [text, text.replaceAll("%", " ")] : [text];
}

// The most digits in a group of a card number written with other than spaces and dashes (Amex: 4-6-5).
const MAX_CARD_GROUP = 6;

/** Whether groups joined by `join` (null: one group) can be a card: see windowsOf. */
function cardShaped(groups: Group[], join: string | null, longest: number): boolean {
  if (join === null || join === "-") return true;
  // "1,234,567,890,123": thousands, not a card in groups.
  const thousands =
    /^[,.'\u066B\u066C]$/.test(join) && groups[0]!.digits.length <= 3 && groups.slice(1).every((g) => g.digits.length === 3);
  return longest <= MAX_CARD_GROUP && !thousands;
}

/**
 * Card numbers are written whole or in groups, with the same separator throughout (a space and a
 * dash may mix, as they always could): "2026-11-01 – 2026-11-30" is two dates, not one number.
 * Joined by anything else, a card's groups are short ("3782.822463.10005"); a long one is a decimal
 * ("1764154651.234567", "1530.1234567894") or a numbered document ("2026/000123456"). A
 * BVN has no check digit, so it is only read whole or split by spaces: dashes, dots and slashes
 * join dates, phone numbers, IP addresses and case references ("CASE-2026-1126-004") to 11 digits.
 */
function windowsOf(groups: Group[]): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (let i = 0; i < groups.length; i++) {
    let digits = "";
    let join: string | null = null;
    let spaced = true;
    let glued = false;
    let longest = 0;
    for (let j = i; j < groups.length; j++) {
      if (j > i) {
        const next = groups[j - 1]!.join!;
        const kind = next === " " ? "-" : next;
        if (join !== null && kind !== join) break;
        join = kind;
        spaced &&= next === " " || next === "+";
      }
      digits += groups[j]!.digits;
      glued ||= groups[j]!.glued;
      longest = Math.max(longest, groups[j]!.digits.length);
      if (digits.length > 19) break;
      const start = groups[i]!.start;
      const end = groups[j]!.end;
      if (digits.length === 11 && spaced && !glued) spans.push({ kind: "bvn", start, end, digits });
      else if (
        digits.length >= 13 &&
        passesLuhn(digits) &&
        (!glued || CARD_PREFIX.test(digits)) &&
        cardShaped(groups.slice(i, j + 1), join, longest)
      )
        spans.push({ kind: "card", start, end, digits });
    }
  }
  return spans;
}

// A join windowsOf does not read as a space or a dash, the one kind it lets mix: any other
// character after a digit ("%20" counted too, to be safe), two dashes, or a dash beside a space. In
// text without one (a reference, a session id, groups joined by spaces and dashes) cardsInMixedGroups
// could only find what windowsOf has found, so it is skipped. A join's space may be a whole run of
// whitespace (see joinOf), so before the other character may stand such a run and a dash.
const MIXED_JOIN = new RegExp(
  String.raw`\d[\s\p{Pd}\u2212]{0,${MAX_WHITESPACE_RUN + 1}}[^\s\p{Pd}\u2212\p{L}\p{N}\p{M}:@]` +
    String.raw`|\d\s{1,${MAX_WHITESPACE_RUN}}[\p{Pd}\u2212]|\d[\p{Pd}\u2212][\s\p{Pd}\u2212]`,
  "u",
);

// A card's first group is its issuer's four digits or more; a day, a month, an IP address's octet or
// a version's part is shorter. After it, card numbers are grouped in fours or more
// ("4111.1111-1111/1111", "3782 822463.10005", "4111111.111111111"), the last group perhaps shorter,
// or in groups of three or more, none longer than the one before ("4111 111-111.111 111").
const MIN_CARD_GROUP = 4;
// Inside a run whose separators mix, a group of one or two digits before the last is a price's cents
// or a date's day ("4501.00 3750.00"); a group that grows after a shorter one starts another number
// ("0803-123-4560/0805-765-4321").
const MIN_SHRINKING_GROUP = 3;
// Three-digit groups joined by one of these alone are an amount's thousands ("acct 4012345678
// 250,000"), not a card written 4-3-3-3. Not a dot: a card is written with dots more often than an
// amount is grouped with them here.
const THOUSANDS_MARK = /^[,'\u2019\u066C]$/;
// "422123456787.50": one to three digits after a decimal mark are an amount's fraction. Only after a
// single group: an amount with separators in its integer part groups it by three, which this reading
// never takes, so "6011-0009-9013-9425.006" is a card number of 19 digits.
const DECIMAL_MARK = /^[.,\u066B]$/;
const MAX_FRACTION = 3;

/**
 * Card numbers in a run of two or more groups, whatever joins them (windowsOf reads a card whose
 * separators agree): 13–19 digits passing Luhn and starting as cards issued today do (not
 * "1764154651.234568", a time, nor "2026/000123458", a document), in a card's grouping (see
 * MIN_CARD_GROUP), and not a single group followed by an amount's fraction.
 */
function cardsInMixedGroups(run: Group[]): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (let i = 0; i < run.length - 1; i++) {
    const first = run[i]!;
    if (first.digits.length < MIN_CARD_GROUP || !CARD_PREFIX.test(first.digits)) continue;
    let digits = first.digits;
    let inFours = true;
    let shrinking = true;
    let thousands = true;
    for (let j = i + 1; j < run.length; j++) {
      const group = run[j]!;
      const before = run[j - 1]!;
      inFours &&= before.digits.length >= MIN_CARD_GROUP;
      shrinking &&= group.digits.length >= MIN_SHRINKING_GROUP && group.digits.length <= before.digits.length;
      if (!inFours && !shrinking) break;
      // Read as an amount (see THOUSANDS_MARK) only while every group after the first is one of its thousands.
      thousands &&= group.digits.length === 3 && (j === i + 1 || (THOUSANDS_MARK.test(before.join!) && before.join === run[i + 1]!.join));
      digits += group.digits;
      if (digits.length > 19) break;
      const fraction = j === i + 1 && DECIMAL_MARK.test(first.join!) && group.digits.length <= MAX_FRACTION;
      if (digits.length >= 13 && !fraction && (inFours || !thousands) && passesLuhn(digits))
        spans.push({ kind: "card", start: first.start, end: group.end, digits });
    }
  }
  return spans;
}

/** Whether the run starts after a "+", not one joining it to digits before ("4111+1111" in a URL). */
export function afterPlus(text: string, groups: Group[]): boolean {
  const first = groups[0]!;
  return text[first.start - 1] === "+" && !/\d/.test(text[first.start - 2] ?? "");
}

/**
 * A run after a "+" is a phone number, unless it is too long for one or reads as a card: 14 or 15
 * digits passing Luhn, or a stretch of its groups that windowsOf or cardsInMixedGroups reads as a card
 * number and that starts as one (see startsAsCardAfterPlus). Without every country's plan this rule
 * cannot tell "+4915123456787" (a German mobile) from a 13-digit Visa, and a card number let through
 * is the worse mistake; the server gives back, on the way out, a number its country's plan has as written.
 */
function isPhone(text: string, groups: Group[]): boolean {
  if (!afterPlus(text, groups)) return false;
  const digits = groups.map((g) => g.digits).join("");
  if (digits.length > MAX_PHONE_DIGITS) return false;
  if (digits.length > MAX_PHONE_DIGITS_PASSING_LUHN && passesLuhn(digits)) return false;
  if (digits.length < 13) return true;
  const cards = windowsOf(groups).concat(cardsInMixedGroups(groups));
  return !cards.some((s) => s.kind === "card" && startsAsCardAfterPlus(s.digits));
}

/**
 * CARD_PREFIX, but not 2221–2720 at 13 digits: Mastercard's numbers there have 16, and 13 digits from
 * "+234" are a Nigerian phone number, one in ten of which passes Luhn.
 */
function startsAsCardAfterPlus(digits: string): boolean {
  return CARD_PREFIX.test(digits) && (digits.length > MAX_PHONE_DIGITS_PASSING_LUHN || !digits.startsWith("2"));
}

/**
 * Every BVN candidate (11 digits), card number (13–19 digits passing Luhn, in groups, their
 * separators alike or mixed) in `normalized` (see normalizeDigits), and, in a text holding a card
 * number, every other 3–4 digit group (its CVV, masked generously). Spans may overlap, and are in no
 * particular order.
 */
export function findSensitiveSpans(normalized: string): SensitiveSpan[] {
  return readingsOf(blankIds(normalized)).flatMap((text) => spansOf(text, runsIn(text)));
}

/** findSensitiveSpans of the runs already read from `text` (see runsIn). */
export function spansOf(text: string, runs: Group[][]): SensitiveSpan[] {
  let spans = runs.flatMap(windowsOf);
  if (MIXED_JOIN.test(text)) spans = spans.concat(runs.flatMap(cardsInMixedGroups));
  return spans.some((s) => s.kind === "card") ? spans.concat(cvvsBeside(runs, spans)) : spans;
}

/** Spans in the order cvvsBeside and the masker's clusters read them. */
export const byStart = (a: SensitiveSpan, b: SensitiveSpan) => a.start - b.start;

/**
 * Every 3–4 digit group of the runs that is not part of a word nor inside one of the spans: beside a
 * card number, its CVV. One sweep over both in order of their start, so that text packed with card
 * numbers (each with a CVV) is read in linear time: the spans come mostly in order, which the sort
 * finds in one pass.
 */
export function cvvsBeside(runs: Group[][], spans: SensitiveSpan[]): SensitiveSpan[] {
  const sorted = [...spans].sort(byStart);
  const cvvs: SensitiveSpan[] = [];
  let next = 0;
  // The furthest end of the spans starting at or before the group: it is inside one of them if it ends there or before.
  let coveredTo = 0;
  for (const run of runs)
    for (const { start, end, digits, glued } of run) {
      while (next < sorted.length && sorted[next]!.start <= start) coveredTo = Math.max(coveredTo, sorted[next++]!.end);
      if (!glued && (digits.length === 3 || digits.length === 4) && coveredTo < end) cvvs.push({ kind: "cvv", start, end, digits });
    }
  return cvvs;
}

/** What a text holds that may not be stored: a BVN, a card number, or nothing. */
export function sensitiveNumberIn(text: string): "bvn" | "card" | null {
  if (!mayHoldNumber(text)) return null;
  const spans = findSensitiveSpans(normalizeDigits(text));
  if (spans.some((s) => s.kind === "card")) return "card";
  return spans.some((s) => s.kind === "bvn") ? "bvn" : null;
}

/**
 * A cheap first look: text with fewer than 11 digits (of any script) holds neither a BVN nor a
 * card number. A character NFKC turns into several digits (a circled "20") sends it to the full check.
 */
export function mayHoldNumber(text: string): boolean {
  let count = 0;
  for (const char of text) {
    const c = char.charCodeAt(0);
    if (c >= 48 && c <= 57) count++;
    else if (c > 0x7f) {
      if (DECIMAL_DIGIT.test(char)) count++;
      else if (OTHER_NUMBER.test(char)) return true;
    }
    if (count >= 11) return true;
  }
  return false;
}

// Characters NFKC turns into digits without being decimal digits themselves (superscripts, circled numbers).
const OTHER_NUMBER = /\p{No}/u;
