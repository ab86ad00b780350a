const ASCII_LOWER = /[a-z]+/g;

/**
 * A status or type code as the back-office keeps it: trimmed, upper case; missing stays missing.
 * The spec does not fix the case, and the card list files "success" and "SUCCESS" under one status,
 * so every page that shows, colours or compares a code reads it through here and they agree.
 * Only ASCII letters change case, as in the verification status schema: Unicode's upper case turns
 * look-alikes ("ſuccess", "fıled", "ﬁled") into the real code, and a forged status would be summed
 * as one the upstream never sent.
 */
export function upstreamCode(code: string | null | undefined): string | null {
  return code == null ? null : code.trim().replace(ASCII_LOWER, (letters) => letters.toUpperCase());
}
