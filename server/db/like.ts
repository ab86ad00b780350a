import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** LIKE's wildcards and its escape character (PostgreSQL's default, `\`). */
const LIKE_SPECIAL = /[\\%_]/g;

/**
 * A LIKE pattern that matches `text` literally (ids hold `_`, names may hold `%`): `prefix`, values
 * that start with it; `contains`, values that hold it anywhere. Case is left as typed: to ignore it,
 * compare with matchesFolded.
 */
export function likePattern(text: string, where: "prefix" | "contains"): string {
  const escaped = text.replace(LIKE_SPECIAL, (c) => `\\${c}`);
  return where === "prefix" ? `${escaped}%` : `%${escaped}%`;
}

/**
 * `lower(column) LIKE lower(pattern)`: case folded by the database on both sides. JavaScript's
 * toLowerCase and PostgreSQL's lower() disagree on some letters (a word-final "Σ" becomes "ς" in
 * JavaScript and "σ" in the database; a dotted "İ" becomes "i̇" and "i"), so a pattern folded in
 * JavaScript would miss a value typed exactly as it is shown.
 */
export function matchesFolded(column: SQLWrapper, pattern: string): SQL {
  return sql`lower(${column}) LIKE lower(${pattern})`;
}
