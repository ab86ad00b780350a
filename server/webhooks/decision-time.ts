import "server-only";
import { fail } from "@/lib/contracts/fail";
import { postVerificationWebhook } from "@/lib/contracts/webhooks";

/**
 * How far the provider's clock may run ahead of ours (the database's, which the receipt is taken
 * from): a `decided_at` later than its receipt by more than this is refused. The one place the
 * bound is set.
 */
export const DECISION_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The moment a webhook's decision is ordered by: its `decided_at`, but never later than its
 * receipt. A date from outside cannot then rank a decision above a status we fetch after receiving
 * it, and cannot freeze the stored state by being far ahead. Without a `decided_at`, the receipt
 * itself. A `decided_at` beyond the skew is a 400 naming the field. `receivedAt` is on the
 * database's clock (see recordVerificationEvent), like the moments checks and submits are ordered
 * by: an instance's own clock, minutes off, would rank one instance's statuses above another's.
 */
export function decisionOrderTime(decidedAt: Date | null, receivedAt: Date): Date {
  if (decidedAt === null) return receivedAt;
  const ahead = decidedAt.getTime() - receivedAt.getTime();
  if (ahead > DECISION_CLOCK_SKEW_MS) {
    throw fail(
      postVerificationWebhook,
      "malformed_event",
      `decided_at is ${Math.round(ahead / 1000)} seconds after the delivery was received; at most ${DECISION_CLOCK_SKEW_MS / 60_000} minutes ahead is accepted. Check the sender's clock and send the decision again.`,
      { field: "decided_at" },
    );
  }
  return ahead > 0 ? receivedAt : decidedAt;
}
