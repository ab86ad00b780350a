import { z } from "zod";

/** The header that names one create-card intent; the page makes a fresh one when the dialog opens. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** 1–255 visible ASCII characters (0x21–0x7E): no spaces, no control characters, nothing non-ASCII. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** One row of `card_issuances` as the customer page shows it. */
export const issuedCardSchema = z.object({
  id: z.number(),
  customer_id: z.string(),
  /** "unknown": the upstream call timed out or was interrupted; a card may exist. */
  outcome: z.enum(["issued", "unknown"]),
  card_id: z.string().nullable(),
  card_last4: z.string().nullable(),
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

/** A second card within this window needs an explicit `confirm_additional`. */
export const RECENT_ISSUANCE_WINDOW_HOURS = 24;
