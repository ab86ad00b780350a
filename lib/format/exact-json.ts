/**
 * JSON for a person checking exactly what was sent: invisible format characters (direction
 * controls, zero-width spaces, soft hyphens) are written as `\u202e` escapes, so a hostile string
 * can neither redraw the lines around it backwards nor hide a character from the reader.
 */
export function exactJson(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? "").replace(/\p{Cf}/gu, (char) =>
    Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  );
}
