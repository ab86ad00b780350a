import { z } from "zod";
import { changedPasswordSchema, changePasswordSchema } from "../schemas/password";
import { enrolmentDoneSchema, enrolmentStartSchema, okSchema, secondFactorCodeSchema, secondFactorPassedSchema, secondFactorStatusSchema } from "../schemas/second-factor";
import { endedSessionsSchema, sessionIdParams, sessionListSchema } from "../schemas/sessions";
import { contract } from "./contract";

/** A member's own account: their sessions, their password, their second factor. */
export const listOwnSessions = contract({
  method: "GET",
  path: "/api/account/sessions",
  capability: "account.self",
  action: "account.sessions.list",
  response: sessionListSchema,
  errors: [],
});

export const endOwnSession = contract({
  method: "POST",
  path: "/api/account/sessions/[id]/end",
  capability: "account.self",
  action: "account.sessions.end",
  params: sessionIdParams,
  response: endedSessionsSchema,
  errors: ["not_found"],
});

/** Every other session of the member ends; the one making the change stays. */
export const changeOwnPassword = contract({
  method: "POST",
  path: "/api/account/password",
  capability: "account.self",
  action: "staff.password.change",
  body: changePasswordSchema,
  response: changedPasswordSchema,
  errors: ["busy", "wrong_password", "weak_password", "same_password", "password_changed"],
});

export const getSecondFactorStatus = contract({
  method: "GET",
  path: "/api/account/second-factor",
  capability: "account.self",
  action: "account.second_factor.read",
  response: secondFactorStatusSchema,
  errors: [],
});

// Codes any check of a second-factor code may answer (server/auth/second-factor.ts).
const CODE_ERRORS = ["invalid_code", "second_factor_throttled"] as const;

/** A fresh code before a sensitive action: the session's second-factor time moves to now. */
export const stepUp = contract({
  method: "POST",
  path: "/api/account/second-factor/step-up",
  capability: "account.self",
  action: "auth.step_up",
  body: secondFactorCodeSchema,
  response: okSchema,
  errors: [...CODE_ERRORS, "not_enrolled"],
});

/** Refused while an administrator requires 2FA for the member's role. */
export const disableSecondFactor = contract({
  method: "POST",
  path: "/api/account/second-factor/disable",
  capability: "account.self",
  action: "account.second_factor.disable",
  body: secondFactorCodeSchema,
  response: okSchema,
  errors: [...CODE_ERRORS, "not_enrolled", "second_factor_required"],
});

// Reachable by a session that must enrol before anything else, and by a usable session from /account/security.
export const startEnrolment = contract({
  method: "POST",
  path: "/api/second-factor/enrolment",
  stages: ["enrol", "usable"],
  action: "account.second_factor.enrol",
  body: z.object({}),
  response: enrolmentStartSchema,
  errors: ["already_enrolled"],
});

/** The first code proves the app holds the secret; the answer carries the recovery codes, shown this once. */
export const confirmEnrolment = contract({
  method: "POST",
  path: "/api/second-factor/enrolment/confirm",
  stages: ["enrol", "usable"],
  action: "account.second_factor.enrol",
  body: secondFactorCodeSchema,
  response: enrolmentDoneSchema,
  errors: [...CODE_ERRORS, "already_enrolled", "no_pending_enrolment"],
});

/** The second step of a password sign-in for an enrolled member: a code (or a recovery code) makes the session usable. */
export const verifySecondFactor = contract({
  method: "POST",
  path: "/api/second-factor/verify",
  stages: ["pending"],
  action: "auth.second_factor",
  body: secondFactorCodeSchema,
  response: secondFactorPassedSchema,
  errors: [...CODE_ERRORS],
});
