"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Enrolment } from "@/components/account/security/enrolment";
import { Button, Field, Input } from "@/components/ui";
import { BffError } from "@/lib/query/fetcher";
import { secondFactorApi } from "@/lib/query/second-factor";

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
        <p className="text-sm text-slate-700">An administrator requires two-factor authentication for your account. Set it up to continue.</p>
        <Enrolment onDone={goHome} doneLabel="Continue" />
      </div>
    );
  }
  return <CodeForm onPassed={goHome} />;
}

function CodeForm({ onPassed }: { onPassed: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await secondFactorApi.verify(code);
      onPassed();
    } catch (failure) {
      setError(failure instanceof BffError ? failure.message : "The code could not be checked. Try again.");
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Authentication code" htmlFor="second-factor-code" hint="The 6-digit code from your authenticator app, or one of your recovery codes." required>
        <Input id="second-factor-code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus maxLength={20} />
      </Field>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" loading={busy}>
        Verify
      </Button>
    </form>
  );
}
