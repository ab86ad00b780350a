"use client";

import { useMutation } from "@tanstack/react-query";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/forms/password-field";
import { Field, FormAlert, Input } from "@/components/ui/field";
import type { FactorChangeInput, SecondFactorStatusView } from "@/lib/contracts/account";

const FIELDS = ["code", "currentPassword"] as const;
// Built on the first submit: the security page opens without the schema library.
const schemaOf = (reauthentication: SecondFactorStatusView["reauthentication"]) => async () => {
  const { z } = await import("@/lib/validation/zod");
  const code = z.string().trim().min(1, { message: "Enter the code from your authenticator app." });
  return reauthentication === "password"
    ? z.object({ code, currentPassword: z.string().min(1, { message: "Enter your current password." }) })
    : z.object({ code });
};

type Props<D> = {
  /** Distinguishes the ids of two such forms on one page. */
  id: string;
  codeLabel: string;
  submitLabel: string;
  danger?: boolean;
  /** How this session proves it is the member: the current password, or its recent single sign-on. */
  reauthentication: SecondFactorStatusView["reauthentication"];
  send: (input: FactorChangeInput) => Promise<D>;
  onDone: (data: D) => void;
  fallbackMessage: string;
};

/**
 * A change to the member's own factors (binding or removing an authenticator, new recovery codes):
 * a code from the app and, for a password session, the current password in the same request, so
 * that a session cookie alone never changes how the member signs in.
 */
export function FactorChangeForm<D>({ id, codeLabel, submitLabel, danger, reauthentication, send, onDone, fallbackMessage }: Props<D>) {
  const mutation = useMutation({ mutationFn: send });
  const form = useFormSubmit({
    initial: () => ({ code: "", currentPassword: "" }),
    schema: schemaOf(reauthentication),
    fields: FIELDS,
    mutation,
    fallbackMessage,
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="max-w-xs space-y-3">
      <Field label={codeLabel} htmlFor={`${id}-code`} error={form.fieldErrors.code} required>
        <Input
          id={`${id}-code`}
          name="code"
          value={form.values.code}
          onChange={form.bind("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={6}
        />
      </Field>
      {reauthentication === "password" ? (
        <PasswordField
          id={`${id}-password`}
          name="currentPassword"
          label="Current password"
          hint="Asked again here so that nobody at an unlocked screen can change how you sign in."
          error={form.fieldErrors.currentPassword}
          value={form.values.currentPassword}
          onChange={form.bind("currentPassword")}
          autoComplete="current-password"
        />
      ) : (
        <p className="text-xs text-slate-600">
          You signed in with single sign-on, which stands in for your password for a few minutes after signing in. If that was a while ago,
          sign out and in again first.
        </p>
      )}
      <FormAlert>{form.formError}</FormAlert>
      <Button type="submit" variant={danger ? "danger" : undefined} loading={form.pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
