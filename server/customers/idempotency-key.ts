import "server-only";
import { errors } from "@/lib/errors";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "@/lib/contracts/cards";

/** The header's value, or a 400 naming the header: a money-moving request without an intent key is refused. */
export function parseIdempotencyKey(value: string | null): string {
  if (value === null || value === "") {
    throw errors.badRequest(
      `Send an ${IDEMPOTENCY_KEY_HEADER} header: one value per intent, reused when retrying it.`,
      IDEMPOTENCY_KEY_HEADER,
      "idempotency_key_required",
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw errors.badRequest(
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 1–255 visible ASCII characters (no spaces).`,
      IDEMPOTENCY_KEY_HEADER,
      "invalid_idempotency_key",
    );
  }
  return value;
}
