import type { z } from "@/lib/validation/zod";
import { clientErrors, noErrors, serverErrors, type FormErrors } from "@/lib/forms/form-errors";
import { createPressGuard } from "./press-guard";

/** What one submit reads: the form's rules and what to do with the answer (useFormSubmit's options). */
export type SendSpec<V, I, D, F extends string> = {
  initial: () => V;
  schema: z.ZodType<I> | (() => Promise<z.ZodType<I>>);
  toInput?: (values: V) => unknown;
  fields: readonly F[];
  /** Sends the valid input once; the callbacks are the mutation's own for this one call. */
  mutate: (input: I, callbacks: { onSuccess: (data: D) => void; onError: (error: Error) => void; onSettled: () => void }) => void;
  fallbackMessage: string;
  beforeSend?: (input: I) => boolean;
  onSuccess?: (data: D) => void;
  onError?: (error: Error) => void;
};

/** Where a submit writes what it learns: the form's state, in the hook. */
export type SendOutput<V, F extends string> = {
  setValues: (values: V) => void;
  setErrors: (errors: FormErrors<F>) => void;
  /** True from the press (before the schema has loaded) until the request settles or is held back. */
  setSending: (sending: boolean) => void;
};

const UNREACHABLE = "The back-office could not be reached. Check your connection and try again.";

/**
 * The one-request-per-submit rule of every form (createPressGuard): held from the first press,
 * through the schema's loading (a chunk fetched on the first submit) and the request, until the
 * request settles.
 */
export function createFormSender() {
  const guard = createPressGuard();
  return {
    get held() {
      return guard.held;
    },
    /** Back to the start: the next press sends again (the caller forgets the mutation's answer). */
    release(setSending: (sending: boolean) => void) {
      guard.release(setSending);
    },
    async send<V, I, D, F extends string>(values: V, spec: SendSpec<V, I, D, F>, out: SendOutput<V, F>): Promise<void> {
      if (!guard.take(out.setSending)) return;
      const stop = () => guard.release(out.setSending);
      const input = (spec.toInput ?? ((v: V) => v))(values);
      let schema: z.ZodType<I>;
      try {
        schema = typeof spec.schema === "function" ? await spec.schema() : spec.schema;
      } catch {
        stop();
        out.setErrors({ fields: {}, form: UNREACHABLE });
        return;
      }
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        stop();
        out.setErrors(clientErrors(parsed.error, spec.fields));
        return;
      }
      out.setErrors(noErrors());
      if (spec.beforeSend && !spec.beforeSend(parsed.data)) {
        stop();
        return;
      }
      spec.mutate(parsed.data, {
        onSuccess: (data) => {
          out.setValues(spec.initial());
          spec.onSuccess?.(data);
        },
        onError: (error) => {
          out.setErrors(serverErrors(error, spec.fields, spec.fallbackMessage));
          spec.onError?.(error);
        },
        onSettled: stop,
      });
    },
  };
}

export type FormSender = ReturnType<typeof createFormSender>;
