"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import type { z } from "@/lib/validation/zod";
import { clientErrors, noErrors, serverErrors, type FormErrors } from "@/lib/forms/form-errors";

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
  // A ref, not state: a double click fires twice before React re-renders the disabled button.
  const inFlight = useRef(false);

  async function send(overrides?: Partial<V>) {
    if (inFlight.current) return;
    // Held from here: a second submit while the schema loads must not send twice.
    inFlight.current = true;
    const input = (options.toInput ?? ((v: V) => v))({ ...values, ...overrides });
    let schema: z.ZodType<I>;
    try {
      schema = typeof options.schema === "function" ? await options.schema() : options.schema;
    } catch {
      inFlight.current = false;
      setErrors({ fields: {}, form: "The back-office could not be reached. Check your connection and try again." });
      return;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      inFlight.current = false;
      setErrors(clientErrors(parsed.error, options.fields));
      return;
    }
    setErrors(noErrors());
    if (options.beforeSend && !options.beforeSend(parsed.data)) {
      inFlight.current = false;
      return;
    }
    options.mutation.mutate(parsed.data, {
      onSuccess: (data) => {
        setValues(options.initial());
        options.onSuccess?.(data);
      },
      onError: (error) => {
        setErrors(serverErrors(error, options.fields, options.fallbackMessage));
        options.onError?.(error);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }

  return {
    values,
    /** An input's onChange for one value. */
    bind: (key: keyof V) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
    setValues,
    fieldErrors: errors.fields,
    formError: errors.form,
    setErrors,
    pending: options.mutation.isPending,
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
      inFlight.current = false;
      setValues(options.initial());
      setErrors(noErrors());
      options.mutation.reset();
    },
  };
}
