import { normalizeDigits } from "@/lib/validation/sensitive-digits";

/**
 * Text as the card list's filter compares it, the typed text and each row alike: NFKC, any script's
 * digits as 0–9, lower case. So "８０１２" or "٨٠١٢" finds "8012", and "ＷＨＯＬＥ" finds "Whole".
 * The filter runs on the card's list held here and sends nothing on, so this widens nothing.
 */
export function foldCardSearch(text: string): string {
  return normalizeDigits(text).trim().toLowerCase();
}

/** A row's searchable text: description, merchant and reference, kept apart so no match spans two. */
export function cardRowSearchText(
  description: string | null | undefined,
  merchant: string | null | undefined,
  reference: string | null | undefined,
): string {
  return normalizeDigits(`${description ?? ""}\u0000${merchant ?? ""}\u0000${reference ?? ""}`).toLowerCase();
}
