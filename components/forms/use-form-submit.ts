"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { z } from "@/lib/validation/zod";
import { noErrors, type FormErrors } from "@/lib/forms/form-errors";
import { createFormSender } from "./form-sender";

type Options<V extends Record<string, unknown>, I, D, F extends string> = {
  /** The form's values when it opens, and again after a success. */
  initial: () => V;
  /**
   * The client copy of the request's rules; what it outputs is what is sent. A form drawn with its
   * page passes a loader (`() => import(…)`), so the schema library is fetched on the first submit,
   * not with the page.
   */
  schema: z.ZodType<I> | (() => Promise<z.ZodType<I>>);
  /** The object the schema reads, when it is not the values themselves (a text amount, a nested sender). */
  toInput?: (values: V) => unknown;
  /** The form's fields, named by their path in the request body ("sender.reference"). */
  fields: readonly F[];
  /** The mutation that sends it; its own callbacks (cache invalidation, say) still run. */
  mutation: Pick<UseMutationResult<D, Error, I>, "mutate" | "isPending" | "reset">;
  /** The form's error when the failure carries no message of the server's. */
  fallbackMessage: string;
  /** A last look at the valid input: false holds it back (to ask for a confirmation first, say). */
  beforeSend?: (input: I) => boolean;
  onSuccess?: (data: D) => void;
  onError?: (error: Error) => void;
};

/**
 * The one submit of every form: the client schema's messages under their fields, the server's 400
 * naming a field under that field, any other failure as the form's error, one request per submit
 * however often it is pressed, and the values back to their start after a success.
 */
export function useFormSubmit<V extends Record<string, unknown>, I, D, F extends string>(options: Options<V, I, D, F>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<F>>(noErrors);
  // From the press, not from the request: the schema may still be loading, and the button and the
  // dialog around the form (it cannot be closed meanwhile) must already know.
  const [sending, setSending] = useState(false);
  // One per form, kept across renders: it holds the in-flight guard (form-sender.ts).
  const [sender] = useState(createFormSender);

  function send(overrides?: Partial<V>): Promise<void> {
    return sender.send(
      { ...values, ...overrides },
      {
        ...options,
        mutate: (input, callbacks) => options.mutation.mutate(input, callbacks),
      },
      { setValues, setErrors, setSending },
    );
  }

  return {
    values,
    /** An input's onChange for one value. */
    bind: (key: keyof V) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
    setValues,
    fieldErrors: errors.fields,
    formError: errors.form,
    setErrors,
    /** From the first press until the request settles: the submit button is busy, a dialog around the form stays open. */
    pending: sending || options.mutation.isPending,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // A form inside a dialog must not submit the page's form around it.
      event.stopPropagation();
      void send();
    },
    /** Submits with some values set for this one submit (a confirmation, say). */
    send,
    /** Back to the start: values, messages and the mutation's last answer. */
    reset: () => {
      sender.release(setSending);
      setValues(options.initial());
      setErrors(noErrors());
      options.mutation.reset();
    },
  };
}
