import { z } from "@/lib/validation/zod";

/** The longest address SMTP can carry (RFC 5321's path limit less its angle brackets). */
export const STAFF_EMAIL_MAX_LENGTH = 254;

/** Printable ASCII only: no letter from another script or width that merely looks like a Latin one. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * A staff member's sign-in email, as every way of adding one accepts it (the staff API and its form,
 * `npm run staff`): trimmed, lower-cased, plain ASCII. A full-width "ａ" or a Cyrillic "а" would make
 * a second account that reads like an existing one, so such an address is refused, never folded.
 */
export const staffEmailSchema = z
  .string({ error: "Enter the work email." })
  .trim()
  .max(STAFF_EMAIL_MAX_LENGTH, { message: "The email is too long." })
  // Before lower-casing: the Kelvin sign "\u212a" lower-cases to a plain "k", so checked after, it would be folded, not refused.
  .regex(PLAIN_ASCII, {
    message: "Type the email with plain letters: full-width or look-alike letters from other alphabets are not accepted.",
  })
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address." }));

/** The normalised address, or the sentence saying why it is refused (for callers without a form, such as the CLI). */
export function parseStaffEmail(raw: string): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = staffEmailSchema.safeParse(raw);
  return parsed.success
    ? { ok: true, email: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "Enter a valid email address." };
}
