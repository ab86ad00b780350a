"use client";

import { useRouter } from "next/navigation";
import { useCodeSubmit } from "@/components/auth/use-code-submit";
import { Enrolment } from "@/components/account/security/enrolment";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { secondFactorApi } from "@/lib/client/second-factor";

/** The second step of a password sign-in: a code (or a recovery code), or the enrolment required of the role. */
export function SecondFactorStep({ mode }: { mode: "code" | "enrol" }) {
  const router = useRouter();
  const goHome = () => {
    router.replace("/");
    router.refresh();
  };
  if (mode === "enrol") {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          An administrator requires two-factor authentication for your account. Set it up to continue.
        </p>
        <Enrolment onDone={goHome} doneLabel="Continue" />
      </div>
    );
  }
  return <CodeForm onPassed={goHome} />;
}

function CodeForm({ onPassed }: { onPassed: () => void }) {
  const { error, codeError, busy, onSubmit } = useCodeSubmit(secondFactorApi.verify, onPassed, "The code could not be checked. Try again.");

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label="Authentication code"
        htmlFor="second-factor-code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        error={codeError}
        required
      >
        <Input id="second-factor-code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus maxLength={20} />
      </Field>
      <FormAlert>{error}</FormAlert>
      <Button type="submit" className="w-full" loading={busy}>
        Verify
      </Button>
    </form>
  );
}
