/**
 * A status or type code as the back-office keeps it: trimmed, upper case; missing stays missing.
 * The spec does not fix the case, and the card list files "success" and "SUCCESS" under one status,
 * so every page that shows, colours or compares a code reads it through here and they agree.
 */
export function upstreamCode(code: string | null | undefined): string | null {
  return code == null ? null : code.trim().toUpperCase();
}
