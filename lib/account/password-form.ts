import { z } from "@/lib/validation/zod";
import { changePasswordSchema } from "@/lib/contracts/account";
import { MIN_PASSWORD_LENGTH } from "@/lib/contracts/staff";

/**
 * The change-password form: the request's own rules, plus what only the form can check (the new
 * password typed twice alike, its length before the server weighs it). It outputs the request.
 */
export const passwordFormSchema = changePasswordSchema
  .extend({
    newPassword: changePasswordSchema.shape.newPassword.min(MIN_PASSWORD_LENGTH, {
      message: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
    }),
    confirmPassword: z.string(),
  })
  // Checked alongside the fields' own rules (`when`), so every message shows after one submit.
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords are not the same.",
    when: () => true,
  })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }));
