import { z } from "zod";
import { optString } from "./common";
import { cardVerificationSchema, type CardVerification } from "./card-verification";

/**
 * `POST /cards` is not shown by the spec. Assumption, kept here only: we send
 * `{ customer_id, type: "DEFAULT", currency: "USD" }` and the API answers either with a card
 * (an object with an `id`) or, on the legacy path (rule 4), with a pending verification status.
 */
export const CARD_REQUEST_DEFAULTS = { type: "DEFAULT", currency: "USD" } as const;

export function buildCreateCardRequest(customerId: string) {
  return { customer_id: customerId, ...CARD_REQUEST_DEFAULTS };
}

export const createdCardSchema = z.object({
  id: z.string().min(1),
  customer_id: optString,
  type: optString,
  currency: optString,
  status: optString,
  brand: optString,
  last4: optString,
});
export type CreatedCard = z.infer<typeof createdCardSchema>;

export type CreateCardResult = { kind: "card"; card: CreatedCard } | { kind: "verification"; verification: CardVerification };

/** Upstream answers are told apart by shape: a verification status has `status` + `can_create_card`. */
export function parseCreateCardResponse(body: unknown): CreateCardResult {
  const verification = cardVerificationSchema.safeParse(body);
  if (verification.success) return { kind: "verification", verification: verification.data };
  return { kind: "card", card: createdCardSchema.parse(body) };
}
