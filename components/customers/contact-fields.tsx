import type { ChangeEvent, FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

export type ContactValues = { email: string; phone_number: string; confirm_pending: boolean };
export const blankContact = (): ContactValues => ({ email: "", phone_number: "", confirm_pending: false });

type Props = {
  values: ContactValues;
  onChange: (key: "email" | "phone_number") => (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  saving: boolean;
  fieldErrors: { email?: string; phone_number?: string };
  formError: string | null;
  result: string | null;
};

/**
 * The contact form as drawn: by the editor with the page, and by the form that saves (its code
 * fetched on the first submit) from then on, so the two read and sit the same.
 */
export function ContactFields({ values, onChange, onSubmit, pending, saving, fieldErrors, formError, result }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4 border-t border-slate-100 pt-4" aria-label="Edit contact details">
      {pending ? (
        <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          This customer&apos;s card verification is pending. Changing their details will not restart or speed up the verification.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email address" htmlFor="contact-email" error={fieldErrors.email}>
          <Input id="contact-email" type="email" autoComplete="off" value={values.email} onChange={onChange("email")} />
        </Field>
        <Field
          label="Phone number"
          htmlFor="contact-phone"
          hint="International form with the country code, e.g. +14155550123."
          error={fieldErrors.phone_number}
        >
          <Input id="contact-phone" type="tel" autoComplete="off" value={values.phone_number} onChange={onChange("phone_number")} />
        </Field>
      </div>
      <Button id="contact-save" type="submit" loading={saving}>
        Save contact details
      </Button>
      {result !== null ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="contact-result">
          {result}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
