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

/** NFKC, then every decimal digit of any script as its ASCII digit. ASCII text comes back as it is. */
export function normalizeDigits(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let out = "";
  for (const char of text.normalize("NFKC")) {
    const codePoint = char.codePointAt(0)!;
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

// Digits with at most one space or dash between them: "4111 1111-1111 1111" is one run.
const RUN = /\d+(?:[\s\p{Pd}]\d+)*/gu;
const GROUP = /\d+/g;
// A run glued to a word ("txn_usd_0003", "NIP20261030000112", a hex hash) is part of an identifier,
// and so is one glued to an "@": the digits of an email address ("ops-1764154651234@example.com")
// are its name, not a card that happens to pass Luhn.
const WORD_CHAR = /[\p{L}\p{M}_@]/u;
// A request id or lookup id: its hex groups are never a card or a BVN.
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
// E.164 allows 15 digits after the "+": a phone number, which staff must still see where it is shown.
const MAX_PHONE_DIGITS = 15;

type Group = { start: number; end: number; digits: string };

/** The groups of a run that can be part of a number: a group glued to a letter belongs to an identifier. */
function groupsOf(text: string, start: number, run: string): Group[] {
  const groups: Group[] = [];
  for (const m of run.matchAll(GROUP)) groups.push({ start: start + m.index, end: start + m.index + m[0].length, digits: m[0] });
  const before = text[start - 1] ?? "";
  const after = text[start + run.length] ?? "";
  // A run that ends at an "@" is the tail of an address's local part, dashes and all
  // ("staff-1795705683773-870583@example.com"): every group of it is the name, not only the last.
  if (after === "@") return [];
  if (after && WORD_CHAR.test(after)) groups.pop();
  if (before && WORD_CHAR.test(before)) groups.shift();
  return groups;
}

/**
 * Card numbers are written in groups split by spaces or dashes; a BVN whole or split by spaces
 * only, since dashes join the parts of case references and dates ("CASE-2026-1126-004").
 */
function windowsOf(text: string, groups: Group[]): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (let i = 0; i < groups.length; i++) {
    let digits = "";
    let dashed = false;
    for (let j = i; j < groups.length; j++) {
      if (j > i && !/\s/.test(text[groups[j - 1]!.end]!)) dashed = true;
      digits += groups[j]!.digits;
      if (digits.length > 19) break;
      const start = groups[i]!.start;
      const end = groups[j]!.end;
      if (digits.length === 11 && !dashed) spans.push({ kind: "bvn", start, end, digits });
      else if (digits.length >= 13 && passesLuhn(digits)) spans.push({ kind: "card", start, end, digits });
    }
  }
  return spans;
}

/**
 * Every BVN candidate (11 digits), card number (13–19 digits passing Luhn, spaces and dashes
 * allowed) in `normalized` (see normalizeDigits), and, in a text holding a card number, every
 * other 3–4 digit group (its CVV, masked generously). Spans may overlap.
 */
export function findSensitiveSpans(normalized: string): SensitiveSpan[] {
  const text = normalized.replace(UUID, (id) => id.replace(/\d/g, "x"));
  const spans: SensitiveSpan[] = [];
  const shortGroups: Group[] = [];
  for (const m of text.matchAll(RUN)) {
    const start = m.index;
    const groups = groupsOf(text, start, m[0]);
    const total = groups.reduce((n, g) => n + g.digits.length, 0);
    if (text[start - 1] === "+" && groups[0]?.start === start && total <= MAX_PHONE_DIGITS) continue;
    spans.push(...windowsOf(text, groups));
    shortGroups.push(...groups.filter((g) => g.digits.length === 3 || g.digits.length === 4));
  }
  if (spans.some((s) => s.kind === "card")) {
    for (const g of shortGroups) if (!spans.some((s) => s.start <= g.start && g.end <= s.end)) spans.push({ kind: "cvv", ...g });
  }
  return spans;
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
