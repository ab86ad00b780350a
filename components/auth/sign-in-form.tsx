"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button, Field, Input } from "@/components/ui";

export function SignInForm({ callbackUrl, showDemoHint }: { callbackUrl: string; showDemoHint: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (!result || result.error) {
        setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "That email and password do not match an active staff account.");
        return;
      }
      router.replace(callbackUrl);
      router.refresh();
    } catch {
      setError("The back-office could not be reached. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={error ? "sign-in-error" : undefined}>
      <Field label="Work email" htmlFor="email" required>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field label="Password" htmlFor="password" required>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      {error ? (
        <p id="sign-in-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" loading={pending}>
        Sign in
      </Button>
      {showDemoHint ? (
        <p className="text-xs text-slate-500">
          Sandbox: sign in as finance@, ops@, compliance@ or admin@example.com with the demo password.
        </p>
      ) : null}
    </form>
  );
}
