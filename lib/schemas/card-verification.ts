import { z } from "zod";

export const verificationStatuses = [
  "NOT_SUBMITTED",
  "PENDING",
  "APPROVED",
  "REJECTED",
  "RECONCILIATION_REQUIRED",
] as const;
export const verificationStatusSchema = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const cardVerificationSchema = z.object({
  customer_id: z.string().min(1),
  status: verificationStatusSchema,
  can_create_card: z.boolean(),
});
export type CardVerification = z.infer<typeof cardVerificationSchema>;

/** Spec rule: an HTTP 200 is not approval; approval is APPROVED *and* can_create_card. An unknown status (null) is not. */
export function isApproved(v: { status: CardVerification["status"] | null; can_create_card: boolean }): boolean {
  return v.status === "APPROVED" && v.can_create_card === true;
}
