"use client";

import { useState } from "react";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormAlert } from "@/components/ui/field";
import { failureMessage } from "@/lib/client/fetcher";
import { secondFactorApi } from "@/lib/client/second-factor";
import type { EnrolmentStart, SecondFactorStatusView } from "@/lib/contracts/account";
import { FactorChangeForm } from "./factor-change-form";
import { RecoveryCodes } from "./recovery-codes";

type EnrolmentProps = {
  onDone: () => void;
  doneLabel: string;
  /** Runs as soon as the server has enrolled the member, while the recovery codes are still shown. */
  onEnrolled?: () => void;
  /** How the session proves it is the member (see FactorChangeForm); a session made to enrol signed in with its password. */
  reauthentication?: SecondFactorStatusView["reauthentication"];
};

/**
 * Setting up an authenticator app: a QR code and the secret as text, a first code and the current
 * password to confirm, then the 10 recovery codes (shown this once). `onDone` runs when the staff
 * member has saved them.
 */
export function Enrolment({ onDone, doneLabel, onEnrolled, reauthentication = "password" }: EnrolmentProps) {
  const [started, setStarted] = useState<EnrolmentStart | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A plain call, one per press: its answer (the secret) is kept in this component's state only.
  const start = useOncePerPress(async () => {
    setError(null);
    try {
      setStarted(await secondFactorApi.startEnrolment());
    } catch (failure) {
      setError(failureMessage(failure, "That did not work. Try again."));
    }
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  const errorLine = <FormAlert>{error}</FormAlert>;
  if (!started) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          You need an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
        </p>
        {errorLine}
        <Button loading={start.pending} onClick={() => start.press()}>
          Set up an authenticator app
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Or type the key below into the app (time-based, 6 digits).</li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server, not an optimisable asset */}
        <img
          src={started.qrDataUrl}
          alt="QR code to scan with your authenticator app"
          width={180}
          height={180}
          className="rounded border border-slate-200 bg-white"
        />
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Setup key</p>
          <p className="flex flex-wrap items-center gap-2">
            <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm">
              {started.secret}
            </code>
            <CopyButton value={started.secret} label="Copy key" />
          </p>
        </div>
      </div>
      <FactorChangeForm
        id="enrol"
        codeLabel="Code from the app"
        submitLabel="Confirm and turn on"
        reauthentication={reauthentication}
        send={secondFactorApi.confirmEnrolment}
        onDone={(done) => {
          setCodes(done.recoveryCodes);
          onEnrolled?.();
        }}
        fallbackMessage="That did not work. Try again."
      />
    </div>
  );
}
