import { z } from "zod";
import { roles } from "../permissions";

/** A 6-digit authenticator code or a recovery code (XXXXX-XXXXX); checked properly on the server. */
export const secondFactorCodeSchema = z.object({
  code: z.string({ message: "Enter the code." }).trim().min(6, { message: "Enter the 6-digit code or a recovery code." }).max(20, { message: "That code is too long." }),
});

export const enrolmentStartSchema = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export type EnrolmentStart = z.infer<typeof enrolmentStartSchema>;

export const enrolmentDoneSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const secondFactorPassedSchema = z.object({ method: z.enum(["totp", "recovery"]), recoveryCodesLeft: z.number() });
export const okSchema = z.object({ ok: z.literal(true) });

export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  required: z.boolean(),
});
export type SecondFactorStatusView = z.infer<typeof secondFactorStatusSchema>;

export const secondFactorPolicySchema = z.object({
  requireAll: z.boolean({ message: "requireAll must be true or false." }),
  roles: z.array(z.enum(roles, { message: "Unknown role." })).max(roles.length),
});
export type SecondFactorPolicyInput = z.infer<typeof secondFactorPolicySchema>;

export const secondFactorOverviewSchema = z.object({ policy: secondFactorPolicySchema, enrolledStaffIds: z.array(z.string()) });
export type SecondFactorOverview = z.infer<typeof secondFactorOverviewSchema>;
