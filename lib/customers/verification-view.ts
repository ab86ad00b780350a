import { z } from "zod";
import { pathParamSchema } from "../path-params";
import { createdCardSchema } from "../schemas/card";
import { verificationStatusSchema } from "../schemas/card-verification";

const iso = z.string().nullable();

/** What the BFF answers about a customer's verification: the stored, shared state, never a raw upstream body. */
export const verificationViewSchema = z.object({
  customer_id: z.string(),
  /** null: not known yet (never retrieved, or every attempt failed). */
  status: verificationStatusSchema.nullable(),
  can_create_card: z.boolean(),
  /** `status === APPROVED && can_create_card`, computed on the server with isApproved. */
  approved: z.boolean(),
  /** Nigerian customers: verified when the card is created (spec rule 3). */
  verified_at_issuance: z.boolean(),
  source: z.enum(["check", "submit", "webhook", "card"]).nullable(),
  status_updated_at: iso,
  checked_at: iso,
  /** When the shared once-a-minute upstream check may be made again; null = now. */
  next_refresh_at: iso,
  last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type VerificationView = z.infer<typeof verificationViewSchema>;

export const submitOutcomes = ["pending", "approval_reused", "already_pending", "status"] as const;
export const submitResultSchema = z.object({ outcome: z.enum(submitOutcomes), view: verificationViewSchema });
export type SubmitResult = z.infer<typeof submitResultSchema>;

/**
 * Only the customer: type and currency are fixed server-side (lib/schemas/card.ts).
 * `confirm_additional` is sent only after the page showed the "card recently issued" warning.
 */
export const createCardBodySchema = z
  .object({
    customer_id: pathParamSchema,
    confirm_additional: z.boolean({ error: "confirm_additional is true or false." }).optional(),
    /**
     * The issuance the warning showed (its `id`). With it, the confirmation holds only while that is
     * still the latest: two staff confirming the same warning make one more card, not two.
     */
    acknowledged_issuance_id: z.number({ error: "acknowledged_issuance_id is the id of the issuance shown." }).int().positive().optional(),
  })
  .strict()
  .refine((b) => b.acknowledged_issuance_id === undefined || b.confirm_additional === true, {
    message: "acknowledged_issuance_id goes with confirm_additional: true.",
    path: ["acknowledged_issuance_id"],
  });
export type CreateCardBody = z.infer<typeof createCardBodySchema>;

/** Submitting takes no body (spec Limits 2); an empty JSON object is all we accept. */
export const emptyBodySchema = z.object({}).strict();

export const refreshQuerySchema = z.object({ refresh: z.enum(["1", "0"]).optional() });

export const createCardAnswerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("card"), card: createdCardSchema }),
  z.object({ kind: z.literal("verification_pending"), message: z.string(), view: verificationViewSchema }),
]);
export type CreateCardAnswer = z.infer<typeof createCardAnswerSchema>;

export const verificationEventListSchema = z.object({
  events: z.array(
    z.object({
      id: z.number(),
      event_id: z.string(),
      customer_id: z.string(),
      status: z.string(),
      duplicate: z.boolean(),
      received_at: z.string(),
    }),
  ),
});
export type VerificationEventList = z.infer<typeof verificationEventListSchema>;
