import { z } from "zod";
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
 * not known: the instance stopped or the upstream did not answer); pending → approved → executed for
 * a grant; pending → declined | cancelled | expired.
 */
export const approvalStatuses = [
  "pending",
  "executing",
  "approved",
  "executed",
  "failed",
  "unknown",
  "declined",
  "cancelled",
  "expired",
] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const approvalSchema = z.object({
  id: z.string(),
  action: z.enum(approvalActions),
  status: z.enum(approvalStatuses),
  requested_by: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  requested_at: z.string(),
  expires_at: z.string(),
  summary: z.string(),
  decided_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  /** After execution: the action's HTTP status and, for a refusal, its error code. Never the answer's data. */
  result: z.object({ status: z.number(), code: z.string().nullable() }).nullable(),
  /** A granted reveal: until when the maker may reveal. */
  usable_until: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** 202: the action waits for a second member; nothing was done. */
export const approvalPendingSchema = z.object({ kind: z.literal("approval_pending"), approval: approvalSchema });
export type ApprovalPending = z.infer<typeof approvalPendingSchema>;
