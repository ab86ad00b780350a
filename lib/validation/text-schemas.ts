import { z } from "@/lib/validation/zod";
import { hasInvisibleCharacters, hasUnsafeCharacters } from "./plain-text";
import { invisibleTextMessage, sensitiveNumberMessage, unsafeTextMessage } from "./text-messages";
import { sensitiveNumberIn } from "./sensitive-digits";

// The schemas of typed text, apart from plain-text.ts's checks: a page that only checks a value
// (the card filter's search) does not load the schema library with them.

/**
 * A single-line free-text field: trimmed, in Unicode's composed form (NFC), bounded, without control
 * characters or lone surrogates. NFC because "José" typed on one keyboard (é as one character) and
 * on another (e + a combining accent) is the same word: a retried credit or a saved view's name
 * compares equal, whichever way it was typed. The message names the field so the 400 says what to fix.
 */
export function plainText(label: string, { min = 1, max }: { min?: number; max: number }) {
  const required = `Enter the ${label}.`;
  return z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v), { message: unsafeTextMessage(label), abort: true })
    .transform((v) => v.trim().normalize("NFC"))
    .pipe(
      z
        .string()
        .min(min, { message: min <= 1 ? required : `The ${label} needs at least ${min} characters.` })
        .max(max, { message: `The ${label} is at most ${max} characters.` }),
    );
}

/**
 * Free text a staff member types and we keep (a purpose, a narration, a name): `plainText`, and
 * refused when it holds a BVN or a card number in any script's digits (lib/validation/sensitive-digits)
 * or an invisible character (two view names, or two colleagues' names, would read the same), with a
 * message naming the field. The same schema runs in the form and in the route.
 */
export function freeText(label: string, bounds: { min?: number; max: number }) {
  return plainText(label, bounds).superRefine((value, ctx) => {
    if (hasInvisibleCharacters(value)) {
      ctx.addIssue({ code: "custom", message: invisibleTextMessage(label), abort: true });
      return;
    }
    const kind = sensitiveNumberIn(value);
    if (kind) ctx.addIssue({ code: "custom", message: sensitiveNumberMessage(label, kind), abort: true });
  });
}
