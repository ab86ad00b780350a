// C0/C1 control characters (tab, newline and all) and lone UTF-16 surrogates. A lone surrogate
// cannot be encoded as UTF-8, so PostgreSQL refuses it (and NUL) at insert time: checked first,
// such a value never reaches the upstream or the database.
// Direction controls too: a name holding U+202E draws the rest of the sentence it is shown in
// backwards ("Approved: Eve<U+202E> may now…"), and a card number typed backwards after it reads
// forwards. Text needs none of them to show in its own direction.
/** U+061C, U+200E/F, U+202A–202E, U+2066–2069, as a character class body (the server strips them on the way out). */
export const DIRECTION_CONTROLS = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";
const UNSAFE = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f${DIRECTION_CONTROLS}]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
  "u",
);

/** True when the text holds a control character, a direction control or a lone surrogate. */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE.test(value);
}

// Built once: the search box calls withoutUnsafeCharacters at every keystroke and render.
const UNSAFE_RUNS = new RegExp(`(?:${UNSAFE.source})+`, "gu");

/**
 * The text with each run of control characters or lone surrogates made one space: for what a
 * person types or pastes into a search box (a tab from a spreadsheet), before it is sent.
 */
export function withoutUnsafeCharacters(value: string): string {
  return value.replace(UNSAFE_RUNS, " ");
}

// Characters that draw nothing: a zero-width space, word joiner and invisible operators, the byte-order
// mark, a soft hyphen, the Mongolian vowel separator. "Overdue" and "Overdue" followed by one of them
// read the same. The zero-width joiner and non-joiner stay: Persian, Indic scripts and emoji need them.
const INVISIBLE = /[\u00ad\u180e\u200b\u2060-\u2064\ufeff]/u;

/** True when the text holds a character that draws nothing (see INVISIBLE). */
export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value);
}
