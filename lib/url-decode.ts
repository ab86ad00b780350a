/**
 * A %-encoded part of a URL, decoded; null when its escapes do not decode (the bytes of a lone
 * surrogate, `%ED%A0%80`, or a cut-off `%E2%8`), which decodeURIComponent answers by throwing.
 */
export function decodedOrNull(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
