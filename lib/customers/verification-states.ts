import type { VerificationStatus } from "@/lib/schemas/card-verification";
import { statusTone, type BadgeToneName } from "@/lib/status-tones";

/**
 * What the panel shows. "approved" exists only when status is APPROVED *and* can_create_card is
 * true (spec rule 1); APPROVED without it is its own state, never approval.
 */
export type PanelState =
  | "unknown"
  | "not_submitted"
  | "pending"
  | "approved"
  | "approved_no_card"
  | "rejected"
  | "reconciliation_required"
  | "verified_at_issuance";

export type StateDescription = { label: string; tone: BadgeToneName; meaning: string; next: string };

export const STATE_DESCRIPTIONS: Record<PanelState, StateDescription> = {
  unknown: {
    label: "Status unknown",
    tone: "neutral",
    meaning: "The verification status could not be retrieved yet. Nothing here means the customer is approved.",
    next: "Refresh the status when the next check is allowed.",
  },
  not_submitted: {
    label: "Not submitted",
    tone: "neutral",
    meaning: "No card verification has been submitted for this customer.",
    // The KYC record is kept by the payments API and nothing here opens it: do not ask staff to check it.
    next: "Submit for verification. If the payments API's KYC record lacks the identity document or residential address, the answer says which.",
  },
  pending: {
    label: "Pending",
    tone: statusTone("PENDING"),
    meaning: "Document verification is in progress. No card has been created and no funds are reserved.",
    next: "Wait for the decision; it appears here on its own. Changing the customer's details will not restart or speed it up.",
  },
  approved: {
    label: "Approved",
    tone: statusTone("APPROVED"),
    meaning:
      "The saved verification permits another card issuance attempt. It does not guarantee the card will be issued or that the wallet has enough funds.",
    next: "Create the card in the separate step below when the customer needs it.",
  },
  approved_no_card: {
    label: "Approved — no further card permitted",
    tone: "warning",
    meaning: "The verification is approved but does not permit another card issuance attempt. This is not an approval to create a card.",
    next: "Contact support if the customer needs another card.",
  },
  rejected: {
    label: "Rejected",
    tone: statusTone("REJECTED"),
    meaning: "The card verification was rejected. A new attempt cannot be started from here.",
    next: "Contact support to review the customer's documents.",
  },
  reconciliation_required: {
    label: "Reconciliation required",
    tone: statusTone("RECONCILIATION_REQUIRED"),
    meaning: "The verification must be reconciled with the customer's saved details before a card can be created.",
    next: "Contact support; do not change the customer's details to force a new attempt.",
  },
  verified_at_issuance: {
    label: "Verified at card creation",
    tone: "info",
    meaning: "Nigerian customers are not document-verified in advance: they are verified when the card is created.",
    next: "Create the card in the step below; the verification happens as part of it.",
  },
};

/** `approved` is the server's decision (isApproved, made once where the view is built); it is not worked out again here. */
export function panelState(view: { status: VerificationStatus | null; approved: boolean; verified_at_issuance: boolean }): PanelState {
  if (view.verified_at_issuance) return "verified_at_issuance";
  switch (view.status) {
    case null:
      return "unknown";
    case "NOT_SUBMITTED":
      return "not_submitted";
    case "PENDING":
      return "pending";
    case "APPROVED":
      return view.approved ? "approved" : "approved_no_card";
    case "REJECTED":
      return "rejected";
    case "RECONCILIATION_REQUIRED":
      return "reconciliation_required";
  }
}

/** Card creation is offered only after approval, or for customers verified when the card is created. */
export function canOfferCardCreation(state: PanelState): boolean {
  return state === "approved" || state === "verified_at_issuance";
}

/** Submitting is offered only where it can start or reuse something; while pending it sends nothing. */
export function canOfferSubmit(state: PanelState): boolean {
  return state === "not_submitted" || state === "approved" || state === "unknown";
}
