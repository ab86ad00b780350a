"use client";

import { adviceFor, FIELD_LABELS } from "@/lib/customers/verification-advice";
import { BffError } from "@/lib/client/fetcher";

const ADVICE_TITLES = { retry: "Try again later", support: "Contact support", fix: "What to fix" } as const;

/** An error from a verification call: its code and message, and what to do about it. */
export function ErrorNotice({ error, status }: { error: { code: string; message: string; field?: string }; status: number }) {
  const advice = adviceFor(status, error.code, error.field);
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="verification-error">
      <p>
        <span className="font-mono text-xs font-semibold">{error.code}</span>
        {error.field ? <span className="ml-2 text-xs">Field: {FIELD_LABELS[error.field] ?? error.field}</span> : null}
      </p>
      <p className="mt-1">{error.message}</p>
      <p className="mt-1 font-medium" data-testid="verification-advice" data-advice={advice.kind}>
        {ADVICE_TITLES[advice.kind]}: {advice.text}
      </p>
    </div>
  );
}

export function bffErrorNotice(error: unknown) {
  if (error instanceof BffError) return <ErrorNotice status={error.status} error={{ code: error.code, message: error.message, field: error.field }} />;
  return <ErrorNotice status={0} error={{ code: "unexpected", message: "Something went wrong. Try again." }} />;
}
