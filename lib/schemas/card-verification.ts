import { z } from "@/lib/validation/zod";
import { id } from "./common";

export const verificationStatuses = ["NOT_SUBMITTED", "PENDING", "APPROVED", "REJECTED", "RECONCILIATION_REQUIRED"] as const;
export const verificationStatusSchema = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/**
 * A status as the provider sends it (answers and webhooks): "approved" and "APPROVED" are the same
 * decision, so the case is normalised here, at the boundary, and nothing further in reads a variant.
 * Only ASCII letters are upper-cased: a look-alike ("pendıng") is refused, not folded into a status.
 */
export const upstreamVerificationStatusSchema = z
  .string()
  .regex(/^[A-Za-z_]{1,64}$/, { error: `must be one of ${verificationStatuses.join(", ")}` })
  .transform((status) => status.toUpperCase())
  .pipe(verificationStatusSchema);

export const cardVerificationSchema = z.object({
  customer_id: id,
  status: upstreamVerificationStatusSchema,
  can_create_card: z.boolean(),
});
export type CardVerification = z.infer<typeof cardVerificationSchema>;

/** Spec rule: an HTTP 200 is not approval; approval is APPROVED *and* can_create_card. An unknown status (null) is not. */
export function isApproved(v: { status: CardVerification["status"] | null; can_create_card: boolean }): boolean {
  return v.status === "APPROVED" && v.can_create_card === true;
}
