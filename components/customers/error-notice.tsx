"use client";

import { adviceFor, FIELD_LABELS, messageGivesAdvice } from "@/lib/customers/verification-advice";
import { BffError } from "@/lib/client/fetcher";
import { errorCodeLabel } from "@/lib/format/error-code-label";

/**
 * An error from a verification call: what happened in words, what to do about it, and the code
 * in a "Technical details" fold, for support. The advice names its own action ("Contact support …"), so no
 * heading repeats it.
 */
export function ErrorNotice({
  error,
  status,
}: {
  error: { code: string; upstreamCode?: string; message: string; field?: string };
  status: number;
}) {
  // The payments API's own code (beside upstream_verification_error) is what the advice is about.
  const code = error.upstreamCode ?? error.code;
  const advice = adviceFor(status, code, error.field);
  const saidAlready = messageGivesAdvice(error.message, advice);
  return (
    <div
      role="alert"
      className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="verification-error"
      data-advice={advice.kind}
    >
      <p>{error.message}</p>
      {error.field ? <p className="text-xs">Field: {FIELD_LABELS[error.field] ?? error.field}</p> : null}
      {saidAlready ? null : (
        <p className="font-medium" data-testid="verification-advice" data-advice={advice.kind}>
          {advice.text}
        </p>
      )}
      <details className="text-xs text-amber-900" data-testid="verification-technical">
        <summary className="cursor-pointer">Technical details</summary>
        <p>
          {errorCodeLabel(code)}: code <span className="font-mono">{code}</span>
        </p>
      </details>
    </div>
  );
}

export function bffErrorNotice(error: unknown) {
  if (error instanceof BffError)
    return (
      <ErrorNotice
        status={error.status}
        error={{ code: error.code, upstreamCode: error.upstreamCode, message: error.message, field: error.field }}
      />
    );
  return <ErrorNotice status={0} error={{ code: "unexpected", message: "Something went wrong. Try again." }} />;
}
