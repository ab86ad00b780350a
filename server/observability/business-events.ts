import "server-only";
import { metrics } from "./metrics";

// The audit actions of a card creation and a BVN lookup (server/customers/card-creation.ts,
// server/compliance/bvn-history.ts): their audited outcome is the outcome counted.
const CARD_CREATE = "card.create";
const BVN_LOOKUP = "bvn.lookup";

/**
 * One entry appended to the audit chain. Every card creation and BVN lookup ends in exactly one
 * audit entry (success, failure, or denied by role or quota), so they are counted from it: one
 * hook rather than one per outcome branch. Actions and outcomes are constants of the code.
 */
export function countAuditAppend(action: string, outcome: string): void {
  const m = metrics();
  m.auditAppends.inc({ action, outcome });
  if (action === CARD_CREATE) m.cardIssuances.inc({ outcome });
  else if (action === BVN_LOOKUP) m.bvnLookups.inc({ outcome });
}

/** A verification webhook delivery: `applied`, `duplicate`, `stale`, or the refusal's error code. */
export function countWebhookDelivery(outcome: string): void {
  metrics().webhookDeliveries.inc({ outcome });
}
