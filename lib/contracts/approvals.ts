import { z } from "@/lib/validation/zod";
import { uuidParams } from "@/lib/route-params";
import { approvalActions, approvalStatuses } from "@/lib/approvals/actions";
import { approvalSchema } from "@/lib/approvals/approval-schemas";
import { freeText } from "@/lib/validation/text-schemas";
import { postBvnReveal } from "./compliance";
import { postCard } from "./cards";
import { contract } from "./contract";
import { STEP_UP_ERRORS } from "./errors";
import { createStaff, resetStaffPassword, resetStaffSecondFactor, updateStaff } from "./staff";

/** What approving, declining or cancelling may answer besides the guards' codes. */
export const APPROVAL_ERRORS = [
  "approval_not_found",
  "self_approval_forbidden",
  "approval_already_decided",
  "approval_expired",
  "approval_requester_unable",
] as const;

const approvalIdParams = uuidParams("approval");

export const approvalListSchema = z.object({ approvals: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

/**
 * The approvals the member may see: their own requests and those they may approve. `status` narrows
 * it; without it, pending first, then the latest decided ones.
 */
export const listApprovals = contract({
  method: "GET",
  path: "/api/approvals",
  capability: "workspace.use",
  action: "approval.list",
  query: z.object({ status: z.enum(approvalStatuses, { message: `status is one of ${approvalStatuses.join(", ")}.` }).optional() }),
  response: approvalListSchema,
  errors: [],
});

/** A granted reveal: the maker may now reveal once; the checker never sees the data. */
export const approvalGrantedSchema = z.object({ kind: z.literal("approval_granted"), approval: approvalSchema });

/**
 * Approves and, for an action that runs on approval, runs it with the maker's stored input and the
 * checker's step-up: the answer is the action's own (status and body), as if the maker had sent it.
 * Its codes are therefore the actions' codes too.
 */
export const approveApproval = contract({
  method: "POST",
  path: "/api/approvals/[id]/approve",
  capability: "workspace.use",
  action: "approval.approve",
  params: approvalIdParams,
  response: z.unknown(),
  errors: [
    ...APPROVAL_ERRORS,
    ...STEP_UP_ERRORS,
    ...postCard.errors,
    ...updateStaff.errors,
    ...createStaff.errors,
    ...resetStaffPassword.errors,
    ...resetStaffSecondFactor.errors,
    ...postBvnReveal.errors,
  ],
});

export const declineApproval = contract({
  method: "POST",
  path: "/api/approvals/[id]/decline",
  capability: "workspace.use",
  action: "approval.decline",
  params: approvalIdParams,
  body: z.object({ reason: freeText("reason", { min: 1, max: 500 }) }).strict(),
  response: z.object({ approval: approvalSchema }),
  errors: [...APPROVAL_ERRORS],
});

/** The maker withdraws their own pending request. */
export const cancelApproval = contract({
  method: "POST",
  path: "/api/approvals/[id]/cancel",
  capability: "workspace.use",
  action: "approval.cancel",
  params: approvalIdParams,
  response: z.object({ approval: approvalSchema }),
  errors: [...APPROVAL_ERRORS],
});

export const approvalSettingsSchema = z.object({
  required: z.array(z.enum(approvalActions)),
  /** null: never saved, the start-up choice (`APPROVAL_REQUIRED_FOR`) applies. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const getApprovalSettings = contract({
  method: "GET",
  path: "/api/approvals/settings",
  capability: "staff.manage",
  action: "approval.settings.read",
  response: approvalSettingsSchema,
  errors: [],
});

export const setApprovalSettings = contract({
  method: "POST",
  path: "/api/approvals/settings",
  capability: "staff.manage",
  action: "approval.settings.update",
  body: z
    .object({
      required: z
        .array(z.enum(approvalActions, { message: `Each action is one of ${approvalActions.join(", ")}.` }), {
          message: "required is a list of actions.",
        })
        .max(approvalActions.length)
        .refine((list) => new Set(list).size === list.length, { message: "Name each action once." }),
    })
    .strict(),
  response: approvalSettingsSchema,
  errors: [...STEP_UP_ERRORS],
});
