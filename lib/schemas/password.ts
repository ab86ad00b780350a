import { z } from "zod";

/** Changing one's own password: the current one proves it is really the member at the keyboard. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password." }).min(1, { message: "Enter your current password." }).max(1024, { message: "The current password is not correct." }),
  newPassword: z.string({ error: "Enter a new password." }).min(1, { message: "Enter a new password." }).max(1024, { message: "Use at most 1024 characters." }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changedPasswordSchema = z.object({ endedSessions: z.number() });
export type ChangedPassword = z.infer<typeof changedPasswordSchema>;

/** An administrator's reset: the one-time password, shown once. */
export const resetPasswordSchema = z.object({ oneTimePassword: z.string(), endedSessions: z.number() });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
