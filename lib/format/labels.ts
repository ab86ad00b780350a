import { approvalActionLabels } from "@/lib/approvals/action-labels";
import { fallbackWords } from "./code-words";

export { codeLabel, codeText, codeWords, countryName, type CodeLabel } from "./code-words";
export { errorCodeLabel } from "./error-code-label";
export { roleLabel } from "./role-label";
export { networkLabel } from "./network-label";
export { approvalStatusLabels } from "@/lib/approvals/status-labels";

/*
 * Staff-facing words for the back-office's own codes: audit actions, outcomes, roles, error codes and
 * verification states. One table per kind, here only, so a page, a filter, the timeline, search, a
 * toast and a CSV never name the same thing two ways. A code missing from a table still reads as
 * words (never "auth.sign_in" or "NOT_SUBMITTED"), so a new code is ugly at worst, not cryptic.
 */

/** Past tense, as a line in a log reads: "Signed in", "Looked up a BVN". */
const AUDIT_ACTIONS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_out": "Signed out",
  "auth.second_factor": "Entered a two-factor code",
  "auth.step_up": "Confirmed with a two-factor code",
  "account.preferences.read": "Read own preferences",
  "account.preferences.update": "Changed own preferences",
  "account.second_factor.enrol": "Turned on two-factor",
  "account.second_factor.disable": "Turned off two-factor",
  "account.second_factor.read": "Read own two-factor settings",
  "account.second_factor.recovery_codes": "Made new recovery codes",
  "account.sessions.list": "Listed own sessions",
  "account.sessions.end": "Ended own sessions",
  "activity.read": "Tried to read an activity history",
  "audit.read": "Opened the audit trail",
  "audit.export": "Exported the audit trail",
  "audit.verify": "Checked the audit chain",
  "business.read": "Tried to read the business profile",
  "bvn.lookup": "Looked up a BVN",
  "bvn.lookup.requested": "Asked to look up a BVN",
  "bvn.recent_check": "Checked recent BVN lookups",
  "bvn.reveal": "Revealed a BVN",
  "bill.read": "Tried to open the bill",
  "bill.token.reveal": "Revealed the token",
  "bill_category.read": "Tried to open a bill category",
  "bill_items.read": "Tried to list a category's bills",
  "card.create": "Created a card",
  "card.create.declined": "Card not created: the customer already has one",
  "card.create.replay": "Repeated a card request (answered as the first time, no new card)",
  "card.list": "Tried to list the cards",
  "card_transaction.read": "Tried to open a card transaction",
  "card_transactions.read": "Tried to list a card's transactions",
  "card_transactions.export": "Exported a card's transactions",
  "collection.read": "Tried to open the collection account",
  "credit.simulate": "Simulated an incoming credit",
  "credit.simulate.replay": "Repeated a credit request (answered as the first time, no new credit)",
  "customer.read": "Tried to open the customer",
  "customer.update": "Changed the customer",
  "customer.contact.read": "Tried to read the contact details",
  "customer.contact.update": "Changed the contact details",
  "finance.read": "Tried to open finance",
  "ops.health": "Read the health check",
  "ops.metrics": "Read the metrics",
  "ops.ping": "Pinged the service",
  "ops.ready": "Read the readiness check",
  "session.read": "Read a session",
  "staff.create": "Added a staff member",
  "staff.list": "Listed the staff",
  "staff.update": "Changed a staff member",
  "staff.role": "Changed a staff member's role",
  "staff.password.change": "Changed own password",
  "staff.password.reset": "Reset a staff member's password",
  "staff.second_factor.policy": "Changed the two-factor policy",
  "staff.second_factor.read": "Read the two-factor settings",
  "staff.second_factor.reset": "Reset a staff member's two-factor",
  "staff.sessions.end": "Ended a staff member's sessions",
  "transaction.read": "Tried to open the transaction",
  "verification.check": "Checked the verification status",
  "verification.submit": "Submitted for verification",
  "verification.read": "Tried to read the verification",
  "verification.events.read": "Tried to read the verification history",
  "webhook.verification": "Verification update from the payments API",
  "webhook.deliveries.read": "Tried to read the incoming updates",
  "webhook.reapply": "Re-applied an incoming update",
  "approval.request": "Asked for a second member's approval",
  "approval.approve": "Approved a colleague's request",
  "approval.execute": "Ran the approved request",
  "approval.use": "Used a colleague's approval",
  "approval.decline": "Declined a colleague's request",
  "approval.cancel": "Withdrew their request for approval",
  "approval.settings.update": "Changed which actions need a second person",
  "allowlist.read": "Read the address allowlist",
  "allowlist.update": "Changed the address allowlist",
  "security_alert.list": "Listed the security alerts",
  "security_alert.acknowledge": "Acknowledged a security alert",
  "security_alert.settings.read": "Read the security alert thresholds",
  "security_alert.settings.update": "Changed the security alert thresholds",
  "view.list": "Listed saved views",
  "view.create": "Saved a view",
  "view.share": "Shared a saved view with the team",
  "view.unshare": "Made a saved view private",
  "view.delete": "Deleted a saved view",
  "view.default": "Chose a default view",
  opened: "Opened",
};

/** Sentence case from a code of any shape: "bvn.lookup.requested" → "Bvn lookup requested". */

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? fallbackWords(action);
}

/** Every action with a label, for a filter that offers them all. */
export const labelledAuditActions: readonly string[] = Object.keys(AUDIT_ACTIONS).filter((a) => a !== "opened");

export type AuditOutcomeCode = "success" | "denied" | "failure";
const OUTCOMES: Record<AuditOutcomeCode, string> = { success: "Done", denied: "Refused", failure: "Failed" };

export function auditOutcomeLabel(outcome: string): string {
  return OUTCOMES[outcome as AuditOutcomeCode] ?? fallbackWords(outcome);
}

/** Upstream verification states and the customer's card verification state. */
const VERIFICATION_STATES: Record<string, string> = {
  NOT_SUBMITTED: "Not submitted",
  PENDING: "Pending",
  APPROVED: "Approved",
  REJECTED: "Rejected",
  RECONCILIATION_REQUIRED: "Needs reconciliation",
  VERIFICATION_STATUS_UNAVAILABLE: "Status unavailable",
};

export function verificationStateLabel(state: string | null | undefined): string {
  if (!state) return "";
  return VERIFICATION_STATES[state] ?? fallbackWords(state);
}

/** The actions that may need a second person's approval, as the settings page and the queue name them (their own file). */
export { approvalActionLabels };

/** What became of an update the payments API pushed (the delivery log). */
export const deliveryOutcomeLabels: Record<string, string> = {
  applied: "Applied",
  duplicate: "Duplicate: already received",
  stale: "Older than the stored decision",
  unknown_customer: "Not applied: unknown customer",
  refused: "Refused",
  failed: "Failed on our side",
};

/** Why a delivery was refused, in the words an administrator acts on. */
export const refusalReasonLabels: Record<string, string> = {
  signature: "Signature missing or wrong",
  size: "Too large (over 16 KB)",
  shape: "Not a valid decision",
  not_configured: "Receiving is not configured",
};
