import { ApprovalPendingError, BffError } from "@/lib/client/fetcher";

/**
 * Whether the outcome of a failed credit is known. A refusal the back-office answered (4xx) is known:
 * the credit was not made, and its reference is either unused or spent on that refusal for good. No
 * answer (the network), a timeout or any 5xx (`credit_outcome_unknown` among them), a credit still in
 * progress, one waiting for an approval, or anything else: the credit may have been made, so the
 * reference must be sent again as it was; the server then replays that credit's outcome instead of
 * crediting twice (server/finance/credit.ts).
 */
export function creditOutcomeKnown(error: unknown): boolean {
  if (!(error instanceof BffError) || error instanceof ApprovalPendingError) return false;
  if (error.code === "credit_in_progress" || error.code === "idempotency_in_progress") return false;
  return error.status >= 400 && error.status < 500;
}

/**
 * The credit last sent from each collection account's dialog whose outcome is not known, as typed
 * (the reference with it), for this tab. Each opening of the dialog is a fresh form: without this,
 * closing it after a timeout and opening it again would make a fresh reference, and the resend a
 * second credit. Kept when the request leaves (an answer may never come, the page may be left) and
 * forgotten once an outcome is known: a success, or a refusal (creditOutcomeKnown).
 */
export function createUnsettledCredits<T>() {
  const unsettled = new Map<string, T>();
  return {
    /** What to open the dialog with: the credit to send again, if one is unsettled. */
    get: (account: string): T | undefined => unsettled.get(account),
    sent: (account: string, values: T) => void unsettled.set(account, values),
    succeeded: (account: string) => void unsettled.delete(account),
    failed: (account: string, error: unknown) => {
      if (creditOutcomeKnown(error)) unsettled.delete(account);
    },
  };
}
