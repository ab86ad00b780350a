import { z } from "@/lib/validation/zod";
import { uuidParams } from "@/lib/route-params";
import { MIN_PASSWORD_LENGTH } from "@/lib/validation/password-length";
import { roles } from "@/lib/permissions";
import { staffEmailSchema } from "@/lib/validation/staff-email";
import { freeText } from "@/lib/validation/text-schemas";
import { resetPasswordSchema, secondFactorOverviewSchema, secondFactorPolicySchema, endedSessionsSchema } from "./account";
import { contract } from "./contract";
import { type ErrorCode, STEP_UP_ERRORS } from "./errors";

const roleSchema = z.enum(roles, { message: "Choose a role." });

export { MIN_PASSWORD_LENGTH };

/** Adding a staff member: the admin sets a password, or asks for one to be generated and shown once. */
export const createStaffSchema = z
  .object({
    email: staffEmailSchema,
    name: freeText("name", { max: 120 }),
    role: roleSchema,
    password: z.string().max(200, { message: "The password can be at most 200 characters." }).optional(),
    generatePassword: z.boolean().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.generatePassword) return;
      if (!v.password || v.password.length < MIN_PASSWORD_LENGTH) {
        ctx.addIssue({
          code: "custom",
          path: ["password"],
          message: `The password needs at least ${MIN_PASSWORD_LENGTH} characters (or generate one).`,
        });
      }
    },
    // Also when another field is invalid, so a form shows every field's message at once.
    // Never on a body that is not an object at all (`null`): there is no password to look at.
    {
      when: (payload) =>
        typeof payload.value === "object" &&
        payload.value !== null &&
        !payload.issues.some((i) => i.path?.[0] === "password" || i.path?.[0] === "generatePassword"),
    },
  );
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const updateStaffSchema = z
  .object({
    role: roleSchema.optional(),
    status: z.enum(["active", "disabled"], { message: "The status is active or disabled." }).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, { message: "Change the role or the status." });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

export const staffIdParams = uuidParams("staff");

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(["active", "disabled"]),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export const createdStaffSchema = z.object({ member: staffMemberSchema, generatedPassword: z.string().nullable() });
export type CreatedStaff = z.infer<typeof createdStaffSchema>;

/** Administrators manage the staff: the list, adding, role and status, and what they can reset for a member. */
export const listStaff = contract({
  method: "GET",
  path: "/api/staff",
  capability: "staff.manage",
  action: "staff.list",
  response: staffListSchema,
  errors: [],
});

/**
 * The staff-role hold's own refusal (server/approvals/action-rules.ts): an addition or a change of
 * role or status sent again, while the first waits for a checker, with other details.
 */
export const STAFF_ROLE_HOLD_ERRORS = ["approval_request_differs"] as const satisfies readonly ErrorCode[];

// A generated password comes back in this answer only: it never enters the query cache. Adding a
// member is a grant of a role: held under `staff.role` when four-eyes covers it.
export const createStaff = contract({
  method: "POST",
  path: "/api/staff",
  capability: "staff.manage",
  action: "staff.create",
  approval: "staff.role",
  body: createStaffSchema,
  response: createdStaffSchema,
  errors: [...STEP_UP_ERRORS, "staff_exists", ...STAFF_ROLE_HOLD_ERRORS],
});

export const updateStaff = contract({
  method: "PATCH",
  path: "/api/staff/[id]",
  capability: "staff.manage",
  action: "staff.update",
  approval: "staff.role",
  params: staffIdParams,
  body: updateStaffSchema,
  response: staffMemberSchema,
  errors: [...STEP_UP_ERRORS, "not_found", "last_admin", ...STAFF_ROLE_HOLD_ERRORS],
});

/** Every open session of a member ends (an administrator's own current one is kept). */
export const endStaffSessions = contract({
  method: "POST",
  path: "/api/staff/[id]/sessions/end",
  capability: "staff.sessions",
  action: "staff.sessions.end",
  params: staffIdParams,
  response: endedSessionsSchema,
  errors: [...STEP_UP_ERRORS, "not_found"],
});

/** A one-time password, shown once, that the member must replace at the next sign-in. */
export const resetStaffPassword = contract({
  method: "POST",
  path: "/api/staff/[id]/password/reset",
  capability: "staff.manage",
  action: "staff.password.reset",
  approval: "staff.password_reset",
  params: staffIdParams,
  response: resetPasswordSchema,
  errors: [...STEP_UP_ERRORS, "not_found", "own_account", "password_changed"],
});

/** A member who lost both the phone and the recovery codes: an administrator turns their 2FA off. */
export const resetStaffSecondFactor = contract({
  method: "POST",
  path: "/api/staff/[id]/second-factor/reset",
  capability: "staff.manage",
  action: "staff.second_factor.reset",
  approval: "staff.second_factor_reset",
  params: staffIdParams,
  response: z.object({ reset: z.boolean() }),
  errors: [...STEP_UP_ERRORS, "not_found"],
});

/** Who must use two-factor authentication, and who has set it up. */
export const getSecondFactorOverview = contract({
  method: "GET",
  path: "/api/staff/second-factor",
  capability: "staff.manage",
  action: "staff.second_factor.read",
  response: secondFactorOverviewSchema,
  errors: [],
});

export const setSecondFactorPolicy = contract({
  method: "POST",
  path: "/api/staff/second-factor",
  capability: "staff.manage",
  action: "staff.second_factor.policy",
  body: secondFactorPolicySchema,
  response: secondFactorOverviewSchema,
  errors: [...STEP_UP_ERRORS],
});
