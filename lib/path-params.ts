/**
 * Ids travel into upstream URL paths, so they are checked against an allowlist before encoding:
 * letters, digits, `-` and `_`, at most 128 characters. Everything else (`.`, `/`, `\`, `%`, `?`,
 * `#`, whitespace, control characters, non-ASCII) is refused with a 400 and never sent upstream.
 */
export const PATH_PARAM_MAX_LENGTH = 128;

export const PATH_PARAM_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${PATH_PARAM_MAX_LENGTH}}$`);

/** What every refusal of a malformed id says (the BFF, the upstream client, the simulator, the pages). */
export const PATH_PARAM_MESSAGE = `Ids are letters, digits, '-' and '_' only, at most ${PATH_PARAM_MAX_LENGTH} characters.`;

export function isValidPathParam(value: string): boolean {
  return PATH_PARAM_PATTERN.test(value);
}
