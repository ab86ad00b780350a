import "server-only";

/**
 * An upstream body as JSON. One leading byte order mark is dropped first: RFC 8259 §8.1 lets a
 * parser ignore it, and JSON.parse refuses it, so a provider or proxy that adds one would
 * otherwise fail every call (and an error answer would lose its code).
 */
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false };
  }
}
