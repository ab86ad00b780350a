import "server-only";
import { postCard } from "@/lib/contracts/cards";
import { fail } from "@/lib/contracts/fail";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/contracts/idempotency";

/**
 * A card request's key already used for another request, refused alike whether the card goes
 * straight to the payments API (server/customers) or waits for an approval (server/approvals), so
 * the page treats both the same. Here, below both, so neither folder imports the other.
 */
export const cardKeyReused = () =>
  fail(
    postCard,
    "idempotency_key_reused",
    "This Idempotency-Key was already used for a different request. Start a new attempt (close and reopen the dialog).",
    { field: IDEMPOTENCY_KEY_HEADER },
  );
