import { z } from "@/lib/validation/zod";
import { hasUnsafeCharacters, sensitiveNumberMessage, unsafeTextMessage } from "./plain-text";
import { sensitiveNumberIn } from "./sensitive-digits";

// The schemas of typed text, apart from plain-text.ts's checks: a page that only checks a value
// (the card filter's search) does not load the schema library with them.

/**
 * A single-line free-text field: trimmed, bounded, without control characters or lone surrogates.
 * The message names the field so the 400 tells the person what to fix.
 */
export function plainText(label: string, { min = 1, max }: { min?: number; max: number }) {
  const required = `Enter the ${label}.`;
  return z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v), { message: unsafeTextMessage(label), abort: true })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(min, { message: min <= 1 ? required : `The ${label} needs at least ${min} characters.` })
        .max(max, { message: `The ${label} is at most ${max} characters.` }),
    );
}

/**
 * Free text a staff member types and we keep (a purpose, a narration, a name): `plainText`, and
 * refused when it holds a BVN or a card number in any script's digits (lib/validation/sensitive-digits),
 * with a message naming the field. The same schema runs in the form and in the route.
 */
export function freeText(label: string, bounds: { min?: number; max: number }) {
  return plainText(label, bounds).superRefine((value, ctx) => {
    const kind = sensitiveNumberIn(value);
    if (kind) ctx.addIssue({ code: "custom", message: sensitiveNumberMessage(label, kind), abort: true });
  });
}
