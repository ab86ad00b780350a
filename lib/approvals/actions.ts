import type { Capability } from "@/lib/permissions";

/** The actions an administrator may put under four-eyes approval, by the names the settings and `APPROVAL_REQUIRED_FOR` use. */
export const approvalActions = ["card.create", "staff.role", "staff.password_reset", "staff.second_factor_reset", "bvn.reveal"] as const;
export type ApprovalAction = (typeof approvalActions)[number];

export function isApprovalAction(value: unknown): value is ApprovalAction {
  return typeof value === "string" && (approvalActions as readonly string[]).includes(value);
}

/**
 * Who may approve: any other member holding the capability the action itself needs. A checker
 * therefore could have made the request themselves; approval adds a second person, never a new right.
 */
export const approvalCapability: Record<ApprovalAction, Capability> = {
  "card.create": "verification.submit",
  "staff.role": "staff.manage",
  "staff.password_reset": "staff.manage",
  "staff.second_factor_reset": "staff.manage",
  "bvn.reveal": "bvn.lookup",
};

/**
 * `execute`: approving runs the action there and then, with the maker's input. `grant`: approving
 * lets the maker do it themselves once within REVEAL_GRANT_MINUTES — a reveal's answer is personal
 * data, which must reach the member who asked for it and nobody else (docs/assumptions.md).
 */
export const approvalMode: Record<ApprovalAction, "execute" | "grant"> = {
  "card.create": "execute",
  "staff.role": "execute",
  "staff.password_reset": "execute",
  "staff.second_factor_reset": "execute",
  "bvn.reveal": "grant",
};

export const APPROVAL_TTL_HOURS = 24;
export const REVEAL_GRANT_MINUTES = 15;

/**
 * pending → executing → executed | failed (the action answered an error) | unknown (its outcome is
 * not known: the instance stopped or the upstream did not answer); for a grant, pending → approved →
 * in_use (a request of the maker's is using it) → executed when that request succeeded, or back to
 * approved when it failed or its instance stopped; pending → declined | cancelled | expired.
 */
export const approvalStatuses = [
  "pending",
  "executing",
  "approved",
  "in_use",
  "executed",
  "failed",
  "unknown",
  "declined",
  "cancelled",
  "expired",
] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

type Member = { id: string; name: string; email: string };

/** A request in the approvals queue, as our API answers it (approval-schemas.ts holds the server's schema of it). */
export type Approval = {
  id: string;
  action: ApprovalAction;
  status: ApprovalStatus;
  requested_by: Member;
  requested_at: string;
  expires_at: string;
  summary: string;
  decided_by: Member | null;
  decided_at: string | null;
  reason: string | null;
  /** After execution: the action's HTTP status and, for a refusal, its error code. Never the answer's data. */
  result: { status: number; code: string | null } | null;
  /** A granted reveal: until when the maker may reveal. */
  usable_until: string | null;
};
