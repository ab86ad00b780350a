import type { z } from "@/lib/validation/zod";
import { BffError } from "@/lib/client/fetcher";

/** What a form shows after a submit: a message under each named field, and one for the form as a whole. */
export type FormErrors<F extends string> = { fields: Partial<Record<F, string>>; form: string | null };

export const noErrors = <F extends string>(): FormErrors<F> => ({ fields: {}, form: null });

/** A field is named by its path in the request body, as the server's 400 envelope names it: "sender.reference". */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** The client schema's issues, first message per field; an issue of no known field speaks for the form. */
export function clientErrors<F extends string>(error: z.ZodError, fields: readonly F[]): FormErrors<F> {
  const out: FormErrors<F> = noErrors();
  for (const issue of error.issues) {
    const name = fieldName(issue.path);
    if (isField(name, fields)) out.fields[name] ??= issue.message;
    else out.form ??= issue.message;
  }
  return out;
}

/**
 * A failed submit: the server's `field` (from its `{ error: { code, message, field } }` envelope),
 * when it names one of the form's fields, puts the message under that field; anything else is the
 * form's error, in the server's words when it sent some, in `fallback`'s when it did not.
 */
export function serverErrors<F extends string>(error: unknown, fields: readonly F[], fallback: string): FormErrors<F> {
  if (!(error instanceof BffError)) return { fields: {}, form: fallback };
  if (isField(error.field, fields)) return { fields: { [error.field]: error.message } as Partial<Record<F, string>>, form: null };
  return { fields: {}, form: error.message };
}

function isField<F extends string>(name: unknown, fields: readonly F[]): name is F {
  return typeof name === "string" && (fields as readonly string[]).includes(name);
}
