"use client";

import type { ChangeEvent, ReactNode } from "react";
import { Field, Input } from "@/components/ui/field";

type Props = {
  id: string;
  /** The request's field, also the input's name (a password manager keys on it). */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** "current-password" where one is asked back, "new-password" where one is chosen: how a password manager fills or offers one. */
  autoComplete: "current-password" | "new-password";
};

/** The one password input of every form that asks for one (the sign-in form's is read by next-auth's form post). */
export function PasswordField({ id, name, label, hint, error, value, onChange, autoComplete }: Props) {
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} required>
      <Input id={id} name={name} value={value} onChange={onChange} type="password" autoComplete={autoComplete} required />
    </Field>
  );
}
