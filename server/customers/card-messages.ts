import "server-only";
import { type IssuedCard, postCard } from "@/lib/contracts/cards";
import { fail } from "@/lib/contracts/fail";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/contracts/idempotency";

/** The 409 message: who, when (UTC, the server knows no viewer's zone) and which card. */
export function describeIssuance(issuance: IssuedCard): string {
  const when = `${issuance.issued_at.slice(0, 16).replace("T", " ")} UTC`;
  const who = `${issuance.staff_name} (${issuance.staff_email})`;
  const what =
    issuance.outcome === "issued"
      ? `Card ${issuance.card_id ?? "(no id)"} was issued to this customer`
      : "A card attempt whose outcome is unknown (the payments API did not confirm it) was made for this customer";
  return `${what} by ${who} at ${when}. Issue another card only if the customer needs a second one, and confirm it.`;
}

/**
 * A card request's key already used for another request, refused alike whether the card goes
 * straight to the payments API or waits for an approval, so the page treats both the same.
 */
export const cardKeyReused = () =>
  fail(
    postCard,
    "idempotency_key_reused",
    "This Idempotency-Key was already used for a different request. Start a new attempt (close and reopen the dialog).",
    { field: IDEMPOTENCY_KEY_HEADER },
  );
