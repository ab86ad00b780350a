import { z } from "@/lib/validation/zod";
import { id, optText } from "./common";
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

/** A card's last four digits: exactly four ASCII digits. */
export const LAST4 = /^[0-9]{4}$/;

/**
 * `last4` is validated, not trusted: anything but four digits (a whole card number, say) is dropped
 * to null, so it can be neither stored nor shown. The caller that reads the upstream logs the breach
 * (see `last4Breach`).
 */
export const last4Schema = z.unknown().transform((v): string | null => (typeof v === "string" && LAST4.test(v) ? v : null));

/** The raw `last4` of an upstream answer when it is present but not four digits, else null. */
export function last4Breach(body: unknown): string | null {
  if (body === null || typeof body !== "object" || !("last4" in body)) return null;
  const value = (body as { last4: unknown }).last4;
  if (value === null || value === undefined || (typeof value === "string" && LAST4.test(value))) return null;
  return String(value);
}

export const createdCardSchema = z.object({
  id,
  customer_id: optText("id"),
  type: optText("code"),
  currency: optText("code"),
  status: optText("code"),
  brand: optText("code"),
  last4: last4Schema,
});
export type CreatedCard = z.infer<typeof createdCardSchema>;

export type CreateCardResult = { kind: "card"; card: CreatedCard } | { kind: "verification"; verification: CardVerification };

/** Upstream answers are told apart by shape: a verification status has `status` + `can_create_card`. */
export function parseCreateCardResponse(body: unknown): CreateCardResult {
  const verification = cardVerificationSchema.safeParse(body);
  if (verification.success) return { kind: "verification", verification: verification.data };
  return { kind: "card", card: createdCardSchema.parse(body) };
}
