"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Button, Field, Input } from "@/components/ui";
import { BffError } from "@/lib/client/fetcher";
import { passwordApi } from "@/lib/client/password";

type Errors = Partial<Record<"currentPassword" | "newPassword" | "confirmPassword", string>>;

/**
 * Changes the signed-in member's own password. `required`: after an administrator's reset, where
 * a success leads on to the back-office.
 */
export function ChangePasswordForm({ required = false }: { required?: boolean }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: passwordApi.changeOwn,
    onSuccess: () => {
      formRef.current?.reset();
      if (required) {
        router.replace("/");
        router.refresh();
      }
    },
    onError: (error) => {
      if (error instanceof BffError && (error.field === "currentPassword" || error.field === "newPassword")) setErrors({ [error.field]: error.message });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const next: Errors = {};
    if (!currentPassword) next.currentPassword = "Enter your current password.";
    if (newPassword.length < 12) next.newPassword = "Use at least 12 characters.";
    if (newPassword !== String(form.get("confirmPassword") ?? "")) next.confirmPassword = "The two new passwords are not the same.";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate({ currentPassword, newPassword });
  }

  const fieldError = mutation.error instanceof BffError && mutation.error.field ? null : mutation.error;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <Field label={required ? "One-time password" : "Current password"} htmlFor="currentPassword" error={errors.currentPassword} required>
        <Input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" required />
      </Field>
      <Field label="New password" htmlFor="newPassword" hint="At least 12 characters, not a common password. A few unrelated words work well." error={errors.newPassword} required>
        <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required />
      </Field>
      <Field label="Repeat the new password" htmlFor="confirmPassword" error={errors.confirmPassword} required>
        <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required />
      </Field>
      {fieldError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {fieldError instanceof BffError ? fieldError.message : "The password could not be changed. Try again."}
        </p>
      ) : null}
      {mutation.isSuccess && !required ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Password changed.{" "}
          {mutation.data.endedSessions === 0
            ? "You were not signed in anywhere else."
            : `${mutation.data.endedSessions} other session${mutation.data.endedSessions === 1 ? " was" : "s were"} signed out.`}
        </p>
      ) : null}
      <Button type="submit" loading={mutation.isPending}>
        Change password
      </Button>
    </form>
  );
}
