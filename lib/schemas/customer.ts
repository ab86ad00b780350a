import { z } from "@/lib/validation/zod";
import { optText } from "./common";

export const updateCustomerResponseSchema = z.object({ message: optText("text") });

/**
 * Contact update as the upstream takes it. Which fields are required is not shown; we send
 * only what the staff member changed, and at least one of the two.
 */
export const updateCustomerUpstreamSchema = z
  .object({ phone_number: z.string().min(1).optional(), email: z.string().min(1).optional() })
  .refine((v) => v.phone_number !== undefined || v.email !== undefined, {
    message: "Enter an email address or a phone number.",
    path: ["email"],
  });
export type UpdateCustomerUpstream = z.infer<typeof updateCustomerUpstreamSchema>;
