"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";

// The server checks the code itself (six digits or a recovery code); the form only trims it. Loaded
// on the first submit: the second-factor page and the step-up dialog open without the schema library.
const codeSchema = () => import("@/lib/validation/zod").then(({ z }) => z.object({ code: z.string().trim() }));

/** The one field, named as the server's 400 names it (a wrong code says `field: "code"`). */
export const CODE_FIELDS = ["code"] as const;

/**
 * The submit of a one-field code form (sign-in second factor, step-up, turning 2FA off): reads the
 * `code` field, sends it once however often the form is submitted, and keeps the server's message:
 * under the code (`codeError`, for the Field around the input) when the server's 400 names it, as
 * a wrong code does, else for the form (`error`).
 */
export function useCodeSubmit(send: (code: string) => Promise<unknown>, onDone: () => void, fallbackMessage: string) {
  const mutation = useMutation({ mutationFn: ({ code }: { code: string }) => send(code) });
  const form = useFormSubmit({
    initial: () => ({ code: "" }),
    schema: codeSchema,
    fields: CODE_FIELDS,
    mutation,
    fallbackMessage,
    onSuccess: onDone,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A form inside a dialog must not submit the page's form around it.
    event.stopPropagation();
    void form.send({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
  }

  return {
    error: form.formError,
    codeError: form.fieldErrors.code,
    busy: form.pending,
    onSubmit,
    clearError: () => form.setErrors({ fields: {}, form: null }),
  };
}
