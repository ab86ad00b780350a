/**
 * Upstream codes as words a reader takes in at once, with the code kept beside them for anyone
 * matching against the API or a bank statement: "Bank transfer (BANK_TRANSFER)".
 *
 * Apart from the label tables (labels.ts) so a page that only writes codes as words does not
 * carry every table of the back-office into the browser.
 */

import { codeWords } from "./code-words-plain";

export { codeWords };

/** A code of our own ("auth.sign_in") as words, for one no label table names yet. */
export const fallbackWords = (code: string) => codeWords(code.replace(/\./g, " "));

let regions: Intl.DisplayNames | null | undefined;

/** "NG" → "Nigeria"; null for anything that is not a two-letter region code Intl can name. */
export function countryName(code: string | null | undefined): string | null {
  const c = (code ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return null;
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    } catch {
      regions = null;
    }
  }
  const name = regions?.of(c);
  return name && name !== c ? name : null;
}

export type CodeLabel = { words: string; code: string } | null;

/**
 * The words for a code and the code itself, or null when there is no code. `country` reads a
 * two-letter region code as its name ("Nigeria"); a code it cannot name falls back to words.
 */
export function codeLabel(code: string | null | undefined, kind: "code" | "country" = "code"): CodeLabel {
  const raw = (code ?? "").trim();
  if (!raw) return null;
  const words = (kind === "country" ? countryName(raw) : null) ?? codeWords(raw);
  return { words, code: raw };
}

/**
 * "Bank transfer (BANK_TRANSFER)"; just the word when it would only repeat the code ("Success",
 * not "SUCCESS" shouted at the reader); a region code no name was found for stays as sent.
 */
export function codeText(code: string | null | undefined, kind: "code" | "country" = "code"): string {
  const label = codeLabel(code, kind);
  if (!label) return "";
  if (label.words.toLowerCase() !== label.code.toLowerCase()) return `${label.words} (${label.code})`;
  return kind === "country" ? label.code : label.words;
}
