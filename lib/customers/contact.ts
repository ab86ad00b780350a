import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "@/lib/validation/zod";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** Phone numbers are taken in international form (no default country) and sent as E.164. */
export const phoneNumberSchema = z
  .string()
  .max(32, { message: "That phone number is too long." })
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value);
    if (!parsed || !parsed.isValid()) {
      ctx.addIssue({
        code: "custom",
        message: "Enter a valid phone number in international form, starting with + and the country code (for example +14155550123).",
      });
      return z.NEVER;
    }
    return parsed.number;
  });

export const emailSchema = z
  .string()
  .max(254, { message: "That email address is too long." })
  .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }));

/**
 * The one schema of a contact change, used by the form (field errors) and by the route handler
 * (400 naming the field). At least one of the two; blanks mean "leave unchanged".
 * `confirm_pending` acknowledges that editing during a pending verification does not restart it.
 */
export const contactUpdateSchema = z
  .object({
    email: z.preprocess(blankToUndefined, emailSchema.optional()),
    phone_number: z.preprocess(blankToUndefined, phoneNumberSchema.optional()),
    confirm_pending: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.email !== undefined || v.phone_number !== undefined, {
    message: "Enter an email address or a phone number (or both).",
    path: ["email"],
  });
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

export const contactUpdateResultSchema = z.object({ message: z.string(), fields_changed: z.array(z.string()) });
export type ContactUpdateResult = z.infer<typeof contactUpdateResultSchema>;

/** The contact details as last set through the back-office; null fields were never set here. */
export const customerContactViewSchema = z.object({
  customer_id: z.string(),
  email: z.string().nullable(),
  email_updated_at: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_updated_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type CustomerContactView = z.infer<typeof customerContactViewSchema>;
