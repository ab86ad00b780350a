/**
 * A code as plain words, apart from code-words.ts (the code beside its words, country names) so a
 * page that only writes codes as words carries no more than this into the browser.
 */

/** "LIMITED_LIABILITY_COMPANY" → "Limited liability company"; "" or null → "". */
export function codeWords(code: string | null | undefined): string {
  const words = (code ?? "")
    .trim()
    .split(/[_\s-]+/)
    .filter(Boolean);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(" ");
}
