"use client";

import { BffError } from "@/lib/client/fetcher";
import { bffErrorNotice } from "./error-notice";

/** What to do after a create-card answer of ours; verification errors keep the verification advice. */
const CARD_ADVICE: Record<string, string> = {
  network_error: "Press the button again: it resends the same attempt, never a second card.",
  card_outcome_unknown: "Look at the issued cards below before anything else. A new attempt asks you to confirm a second card.",
  card_creation_in_progress: "Wait a moment, then look at the issued cards below.",
  idempotency_in_progress: "Wait a moment, then look at the issued cards below.",
  approval_pending: "No card yet: it is issued when a colleague approves the request from the approvals queue on their home page.",
  verification_not_approved: "Refresh the verification status above; a card can be created once it shows Approved.",
};

export function CardErrorNotice({ error }: { error: unknown }) {
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
