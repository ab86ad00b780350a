"use client";

import { approvalPendingOf } from "@/components/approvals/approval-pending-notice";
import { BffError } from "@/lib/client/fetcher";
import { bffErrorNotice } from "./error-notice";

/** What to do after a create-card answer of ours; verification errors keep the verification advice. */
const CARD_ADVICE: Record<string, string> = {
  network_error: "Press the button again: it resends the same attempt, never a second card.",
  card_outcome_unknown: "Look at the issued cards below before anything else. A new attempt asks you to confirm a second card.",
  card_creation_in_progress: "Wait a moment, then look at the issued cards below.",
  idempotency_in_progress: "Wait a moment, then look at the issued cards below.",
  verification_not_approved: "Refresh the verification status above; a card can be created once it shows Approved.",
};

/** A create-card answer that is not a card: sent for approval (not a failure), or a refusal with what to do next. */
export function CardErrorNotice({ error }: { error: unknown }) {
  const pending = approvalPendingOf(error);
  if (pending) return pending;
  const advice = error instanceof BffError ? CARD_ADVICE[error.code] : undefined;
  if (!(error instanceof BffError) || !advice) return bffErrorNotice(error);
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="card-error">
      <p className="font-mono text-xs font-semibold">{error.code}</p>
      <p className="mt-1">{error.message}</p>
      <p className="mt-1 font-medium">{advice}</p>
    </div>
  );
}
