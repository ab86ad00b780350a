import { z } from "@/lib/validation/zod";
import { uuidParams } from "@/lib/route-params";
import { roles } from "@/lib/permissions";
import { timeZoneSchema } from "@/lib/time/zone-schema";
import { contract } from "./contract";
import type { ErrorCode } from "./errors";

/** One open sign-in of a staff member, as the sessions page shows it. */
export const sessionViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** A short "Chrome on Linux"-style summary of the user agent. */
  device: z.string(),
  address: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionViewSchema) });
export const sessionIdParams = uuidParams("session");
export const endedSessionsSchema = z.object({ ended: z.number().int() });

const currentPasswordSchema = z
  .string({ error: "Enter your current password." })
  .min(1, { message: "Enter your current password." })
  .max(1024, { message: "The current password is not correct." });

/** Changing one's own password: the current one proves it is really the member at the keyboard. */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: z
    .string({ error: "Enter a new password." })
    .min(1, { message: "Enter a new password." })
    .max(1024, { message: "Use at most 1024 characters." }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changedPasswordSchema = z.object({ endedSessions: z.number() });
export type ChangedPassword = z.infer<typeof changedPasswordSchema>;

/** An administrator's reset: the one-time password, shown once. */
export const resetPasswordSchema = z.object({ oneTimePassword: z.string(), endedSessions: z.number() });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** A 6-digit authenticator code or a recovery code (XXXXX-XXXXX); checked properly on the server. */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ message: "Enter the code." })
    .trim()
    .min(6, { message: "Enter the 6-digit code or a recovery code." })
    .max(20, { message: "That code is too long." }),
});

/**
 * Binding or removing an authenticator, or replacing the recovery codes: a code and the current
 * password in the same request. Optional here only because a single sign-on session has no password
 * to give (it must have signed in recently instead); a password session without it gets a 400 naming it.
 */
export const factorChangeSchema = secondFactorCodeSchema.extend({ currentPassword: currentPasswordSchema.optional() });
export type FactorChangeInput = z.infer<typeof factorChangeSchema>;

export const enrolmentStartSchema = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export type EnrolmentStart = z.infer<typeof enrolmentStartSchema>;

/** New recovery codes (shown this once) and how many of the member's other sessions ended. */
export const recoveryCodesIssuedSchema = z.object({ recoveryCodes: z.array(z.string()), endedSessions: z.number().int() });
export const secondFactorRemovedSchema = z.object({ ok: z.literal(true), endedSessions: z.number().int() });
export const secondFactorPassedSchema = z.object({ method: z.enum(["totp", "recovery"]), recoveryCodesLeft: z.number() });
export const okSchema = z.object({ ok: z.literal(true) });

export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  required: z.boolean(),
  /** How this session proves a change to the factors: the current password, or a recent single sign-on. */
  reauthentication: z.enum(["password", "sso"]),
});
export type SecondFactorStatusView = z.infer<typeof secondFactorStatusSchema>;

export const secondFactorPolicySchema = z.object({
  requireAll: z.boolean({ message: "requireAll must be true or false." }),
  roles: z.array(z.enum(roles, { message: "Unknown role." })).max(roles.length),
});
export type SecondFactorPolicyInput = z.infer<typeof secondFactorPolicySchema>;

export const secondFactorOverviewSchema = z.object({ policy: secondFactorPolicySchema, enrolledStaffIds: z.array(z.string()) });
export type SecondFactorOverview = z.infer<typeof secondFactorOverviewSchema>;

/** `PATCH /api/account/preferences`: null goes back to following the browser's zone. */
export const updatePreferencesSchema = z.object({
  timeZone: timeZoneSchema.nullable(),
});
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;

/** What the server holds for the member; the zone was checked when it was saved. */
export const preferencesSchema = z.object({ timeZone: z.string().nullable() });
export type Preferences = z.infer<typeof preferencesSchema>;

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

/** "End all other sessions": every open session of the caller but the one asking. */
export const endOtherOwnSessions = contract({
  method: "POST",
  path: "/api/account/sessions/end-others",
  capability: "account.self",
  action: "account.sessions.end",
  response: endedSessionsSchema,
  errors: [],
});

/** Every other session of the member ends; the one making the change stays. */
/** Codes any check of a second-factor code may answer (server/auth/second-factor.ts). */
export const SECOND_FACTOR_CODE_ERRORS = ["invalid_code", "second_factor_throttled"] as const satisfies readonly ErrorCode[];
/** Codes of the check of the member's current password (server/auth/reauthenticate.ts). */
export const CURRENT_PASSWORD_ERRORS = ["wrong_password", "password_throttled", "busy"] as const satisfies readonly ErrorCode[];
/** Codes of the re-authentication every change to the factors starts with (server/auth/reauthenticate.ts). */
export const REAUTHENTICATION_ERRORS = [...CURRENT_PASSWORD_ERRORS, "reauthentication_required"] as const satisfies readonly ErrorCode[];

export const changeOwnPassword = contract({
  method: "POST",
  path: "/api/account/password",
  capability: "account.self",
  action: "staff.password.change",
  body: changePasswordSchema,
  response: changedPasswordSchema,
  errors: [...CURRENT_PASSWORD_ERRORS, "weak_password", "same_password", "password_changed"],
});

export const getSecondFactorStatus = contract({
  method: "GET",
  path: "/api/account/second-factor",
  capability: "account.self",
  action: "account.second_factor.read",
  response: secondFactorStatusSchema,
  errors: [],
});

/** A fresh code before a sensitive action: the session's second-factor time moves to now. */
export const stepUp = contract({
  method: "POST",
  path: "/api/account/second-factor/step-up",
  capability: "account.self",
  action: "auth.step_up",
  body: secondFactorCodeSchema,
  response: okSchema,
  errors: [...SECOND_FACTOR_CODE_ERRORS, "not_enrolled"],
});

/** Refused while an administrator requires 2FA for the member's role; the member's other sessions end. */
export const disableSecondFactor = contract({
  method: "POST",
  path: "/api/account/second-factor/disable",
  capability: "account.self",
  action: "account.second_factor.disable",
  body: factorChangeSchema,
  response: secondFactorRemovedSchema,
  errors: [...SECOND_FACTOR_CODE_ERRORS, ...REAUTHENTICATION_ERRORS, "not_enrolled", "second_factor_required"],
});

/** Ten new recovery codes replace every old one; the member's other sessions end. */
export const regenerateRecoveryCodes = contract({
  method: "POST",
  path: "/api/account/second-factor/recovery-codes",
  capability: "account.self",
  action: "account.second_factor.recovery_codes",
  body: factorChangeSchema,
  response: recoveryCodesIssuedSchema,
  errors: [...SECOND_FACTOR_CODE_ERRORS, ...REAUTHENTICATION_ERRORS, "not_enrolled"],
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

/**
 * The first code proves the app holds the secret, the current password that it is the member; the
 * answer carries the recovery codes, shown this once. The member's other sessions end.
 */
export const confirmEnrolment = contract({
  method: "POST",
  path: "/api/second-factor/enrolment/confirm",
  stages: ["enrol", "usable"],
  action: "account.second_factor.enrol",
  body: factorChangeSchema,
  response: recoveryCodesIssuedSchema,
  errors: [...SECOND_FACTOR_CODE_ERRORS, ...REAUTHENTICATION_ERRORS, "already_enrolled", "no_pending_enrolment"],
});

/** The second step of a password sign-in for an enrolled member: a code (or a recovery code) makes the session usable. */
export const verifySecondFactor = contract({
  method: "POST",
  path: "/api/second-factor/verify",
  stages: ["pending"],
  action: "auth.second_factor",
  body: secondFactorCodeSchema,
  response: secondFactorPassedSchema,
  errors: [...SECOND_FACTOR_CODE_ERRORS],
});

/** The member's own time zone for dates, filters and exports; null follows the browser's. */
export const getOwnPreferences = contract({
  method: "GET",
  path: "/api/account/preferences",
  capability: "account.self",
  action: "account.preferences.read",
  response: preferencesSchema,
  errors: [],
});

export const updateOwnPreferences = contract({
  method: "PATCH",
  path: "/api/account/preferences",
  capability: "account.self",
  action: "account.preferences.update",
  body: updatePreferencesSchema,
  response: preferencesSchema,
  errors: [],
});

/** The signed-in staff member; no upstream call (the benchmark uses it as the session-checked route). */
export const getMe = contract({
  method: "GET",
  path: "/api/me",
  capability: "business.read",
  action: "session.read",
  // timeZone: the member's saved IANA zone; null follows the browser's.
  response: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(roles), timeZone: z.string().nullable() }),
  errors: [],
});
