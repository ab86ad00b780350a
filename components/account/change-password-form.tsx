"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/forms/password-field";
import { FormAlert } from "@/components/ui/field";
import { passwordApi } from "@/lib/client/password";
import { MIN_PASSWORD_LENGTH } from "@/lib/validation/password-length";
import { countOf } from "@/lib/format/count";

const blank = () => ({ currentPassword: "", newPassword: "", confirmPassword: "" });

/**
 * Changes the signed-in member's own password. `required`: after an administrator's reset, where
 * a success leads on to the back-office.
 */
export function ChangePasswordForm({ required = false }: { required?: boolean }) {
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: passwordApi.changeOwn,
    onSuccess: () => {
      if (required) {
        router.replace("/");
        router.refresh();
      }
    },
  });
  const form = useFormSubmit({
    initial: blank,
    // Loaded on the first submit, not with the page.
    schema: () => import("@/lib/account/password-form").then((m) => m.passwordFormSchema),
    fields: ["currentPassword", "newPassword", "confirmPassword"],
    mutation,
    fallbackMessage: "The password could not be changed. Try again.",
  });

  return (
    <form onSubmit={form.onSubmit} noValidate className="max-w-md space-y-4">
      <PasswordField
        id="currentPassword"
        name="currentPassword"
        label={required ? "One-time password" : "Current password"}
        error={form.fieldErrors.currentPassword}
        value={form.values.currentPassword}
        onChange={form.bind("currentPassword")}
        autoComplete="current-password"
      />
      <PasswordField
        id="newPassword"
        name="newPassword"
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password. A few unrelated words work well.`}
        error={form.fieldErrors.newPassword}
        value={form.values.newPassword}
        onChange={form.bind("newPassword")}
        autoComplete="new-password"
      />
      <PasswordField
        id="confirmPassword"
        name="confirmPassword"
        label="Repeat the new password"
        error={form.fieldErrors.confirmPassword}
        value={form.values.confirmPassword}
        onChange={form.bind("confirmPassword")}
        autoComplete="new-password"
      />
      <FormAlert>{form.formError}</FormAlert>
      {mutation.isSuccess && !required ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Password changed.{" "}
          {mutation.data.endedSessions === 0
            ? "You were not signed in anywhere else."
            : `${countOf(mutation.data.endedSessions, "other session was", "other sessions were")} signed out.`}
        </p>
      ) : null}
      <Button type="submit" loading={form.pending}>
        Change password
      </Button>
    </form>
  );
}
