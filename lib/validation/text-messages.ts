// Apart from the checks in plain-text.ts: a page that only cleans what is typed (the card list's
// search box) should not bring every refusal's wording with it.

/** What a staff member is told when kept text holds a character that draws nothing. */
export function invisibleTextMessage(label: string): string {
  return `The ${label} contains invisible characters (such as a zero-width space). Retype it without them.`;
}

/** What a staff member is told, naming the field in words. */
export function unsafeTextMessage(label: string): string {
  return `The ${label} contains characters that are not allowed (control characters, direction marks or broken Unicode).`;
}

/** What a staff member is told when free text carries a BVN or a card number. */
export function sensitiveNumberMessage(label: string, kind: "bvn" | "card"): string {
  return kind === "bvn"
    ? `The ${label} must not contain a BVN or any other 11-digit number. Refer to the customer another way.`
    : `The ${label} must not contain a card number. Refer to the card by its last four digits.`;
}
