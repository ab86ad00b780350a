import "server-only";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "@/lib/contracts/idempotency";
import { errors } from "@/lib/errors";

/**
 * The header's value, or a 400 naming the header: a money-moving request without an intent key is
 * refused. Read by route() for an idempotent contract, and by the approvals queue when it holds one.
 */
export function parseIdempotencyKey(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") {
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
