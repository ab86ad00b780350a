import { z } from "zod";
import { resetPasswordSchema } from "../schemas/password";
import { secondFactorOverviewSchema, secondFactorPolicySchema } from "../schemas/second-factor";
import { endedSessionsSchema } from "../schemas/sessions";
import { createdStaffSchema, createStaffSchema, staffIdParams, staffListSchema, staffMemberSchema, updateStaffSchema } from "../schemas/staff";
import { contract } from "./contract";
import { STEP_UP_ERRORS } from "./errors";

/** Administrators manage the staff: the list, adding, role and status, and what they can reset for a member. */
export const listStaff = contract({
  method: "GET",
  path: "/api/staff",
  capability: "staff.manage",
  action: "staff.list",
  response: staffListSchema,
  errors: [],
});

// A generated password comes back in this answer only: it never enters the query cache.
export const createStaff = contract({
  method: "POST",
  path: "/api/staff",
  capability: "staff.manage",
  action: "staff.create",
  body: createStaffSchema,
  response: createdStaffSchema,
  errors: [...STEP_UP_ERRORS, "staff_exists"],
});

export const updateStaff = contract({
  method: "PATCH",
  path: "/api/staff/[id]",
  capability: "staff.manage",
  action: "staff.update",
  params: staffIdParams,
  body: updateStaffSchema,
  response: staffMemberSchema,
  errors: [...STEP_UP_ERRORS, "not_found", "last_admin"],
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
