import { z } from "@/lib/validation/zod";
import { pathParamSchema } from "@/lib/route-params";
import { idParams } from "@/lib/route-params";
import { createdCardSchema, last4Schema } from "@/lib/schemas/card";
import { contract } from "./contract";
import { verificationViewSchema } from "./customers";
import { STEP_UP_ERRORS, UPSTREAM_ERRORS } from "./errors";

/** A second card within this window needs an explicit `confirm_additional`. */
export const RECENT_ISSUANCE_WINDOW_HOURS = 24;

/** One row of `card_issuances` as the customer page shows it. */
export const issuedCardSchema = z.object({
  id: z.number(),
  customer_id: z.string(),
  /** "unknown": the upstream call timed out or was interrupted; a card may exist. */
  outcome: z.enum(["issued", "unknown"]),
  card_id: z.string().nullable(),
  // Rows stored before last4 was validated may hold anything: only four digits are shown.
  card_last4: last4Schema,
  staff_name: z.string(),
  staff_email: z.string(),
  issued_at: z.string(),
  request_id: z.string(),
});
export type IssuedCard = z.infer<typeof issuedCardSchema>;

export const issuedCardListSchema = z.object({ cards: z.array(issuedCardSchema) });
export type IssuedCardList = z.infer<typeof issuedCardListSchema>;

/** 409 `card_recently_issued`: the envelope plus who issued which card, and when. */
export const recentIssuanceErrorSchema = z.object({
  error: z.object({ code: z.literal("card_recently_issued"), message: z.string() }),
  recent_issuance: issuedCardSchema,
});
export type RecentIssuanceError = z.infer<typeof recentIssuanceErrorSchema>;

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

export const createCardAnswerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("card"), card: createdCardSchema }),
  z.object({ kind: z.literal("verification_pending"), message: z.string(), view: verificationViewSchema }),
]);
export type CreateCardAnswer = z.infer<typeof createCardAnswerSchema>;

/**
 * Creates a card, once per intent: the `Idempotency-Key` header names the intent, a replay answers
 * the stored outcome (`Idempotent-Replayed: true`), and a fresh second factor is required.
 */
export const postCard = contract({
  method: "POST",
  path: "/api/v1/cards",
  capability: "verification.submit",
  action: "card.create",
  approval: "card.create",
  body: createCardBodySchema,
  // The page makes a fresh key when the dialog opens; every retry of that intent resends it.
  idempotent: true,
  response: createCardAnswerSchema,
  errors: [
    ...UPSTREAM_ERRORS,
    ...STEP_UP_ERRORS,
    "idempotency_key_reused",
    "idempotency_in_progress",
    "verification_not_approved",
    "card_creation_in_progress",
    "card_recently_issued",
    "card_outcome_unknown",
  ],
  errorBodies: { card_recently_issued: recentIssuanceErrorSchema },
});

/** The customer's issued cards from `card_issuances` (who, when, which card); no upstream call. */
export const getCustomerCards = contract({
  method: "GET",
  path: "/api/v1/customers/[id]/cards",
  capability: "verification.read",
  action: "card.list",
  params: idParams,
  response: issuedCardListSchema,
  errors: [],
});
