"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type MouseEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { cx } from "@/components/ui/cx";
import { SSO_PROVIDER_ID, SSO_SIGN_IN_PATH } from "@/lib/client/auth";

// The auth library's browser client is fetched when a sign-in starts, keeping the page's first load
// near the framework's own (the form is server-rendered and usable before any of it arrives).
const signIn: typeof import("next-auth/react").signIn = async (...args) => (await import("next-auth/react")).signIn(...args);

type Props = {
  callbackUrl: string;
  showDemoHint: boolean;
  /** False when PASSWORD_SIGN_IN=false: only single sign-on is offered. */
  passwordSignIn: boolean;
  /** The IdP's display name when single sign-on is configured. */
  ssoName: string | null;
  /** A refusal the server redirected here with (an SSO identity that is not an active staff member, say). */
  initialError: string | null;
};

export function SignInForm({ callbackUrl, showDemoHint, passwordSignIn, ssoName, initialError }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  // Where the message belongs: next to the single sign-on link or in the password form.
  const [errorFrom, setErrorFrom] = useState<"sso" | "password">(initialError ? "sso" : "password");
  const [pending, setPending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    setErrorFrom("password");
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (!result || result.error) {
        setError(
          result?.error && result.error !== "CredentialsSignin"
            ? result.error
            : "That email and password do not match an active staff account.",
        );
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

  async function onSso(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (redirecting) return;
    setRedirecting(true);
    setError(null);
    setErrorFrom("sso");
    try {
      // next-auth posts its CSRF token and sends the browser to the IdP (state and PKCE cookies set).
      await signIn(SSO_PROVIDER_ID, { callbackUrl });
    } catch {
      setRedirecting(false);
      setError("The back-office could not be reached. Try again.");
    }
  }

  const errorBox = error ? (
    <p id="sign-in-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;

  return (
    <div className="space-y-6">
      {ssoName ? (
        <div className="space-y-3">
          {/* A link, not a button: the password form's button keeps "Sign in" as the only button of that name. */}
          <Link
            href={SSO_SIGN_IN_PATH}
            prefetch={false}
            onClick={onSso}
            aria-disabled={redirecting || undefined}
            className={cx(
              buttonClasses(passwordSignIn ? "secondary" : "primary"),
              "w-full",
              redirecting && "pointer-events-none opacity-60",
            )}
          >
            Sign in with {ssoName}
          </Link>
          {!passwordSignIn || errorFrom === "sso" ? errorBox : null}
        </div>
      ) : null}
      {ssoName && passwordSignIn ? (
        <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          or with your password
          <span className="h-px flex-1 bg-slate-200" />
        </div>
      ) : null}
      {passwordSignIn ? (
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-4"
          aria-describedby={error && errorFrom === "password" ? "sign-in-error" : undefined}
        >
          <Field label="Work email" htmlFor="email" required>
            <Input id="email" name="email" type="email" autoComplete="username" required autoFocus={!ssoName} />
          </Field>
          <Field label="Password" htmlFor="password" required>
            <Input id="password" name="password" type="password" autoComplete="current-password" required />
          </Field>
          {errorFrom === "password" ? errorBox : null}
          <Button type="submit" className="w-full" loading={pending}>
            Sign in
          </Button>
          {showDemoHint ? (
            <p className="text-xs text-slate-500">
              Sandbox: sign in as finance@, ops@, compliance@ or admin@example.com with the demo password.
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
