import "server-only";
import { fail } from "@/lib/contracts/fail";
import { IDEMPOTENCY_KEY_ERRORS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "@/lib/contracts/idempotency";

/**
 * The header's value, or a 400 naming the header: a money-moving request without an intent key is
 * refused. Read by route() for an idempotent contract, and by the approvals queue when it holds one.
 */
export function parseIdempotencyKey(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") {
    throw fail(
      IDEMPOTENCY_KEY_ERRORS,
      "idempotency_key_required",
      `Send an ${IDEMPOTENCY_KEY_HEADER} header: one value per intent, reused when retrying it.`,
      { field: IDEMPOTENCY_KEY_HEADER },
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw fail(
      IDEMPOTENCY_KEY_ERRORS,
      "invalid_idempotency_key",
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 1–255 visible ASCII characters (no spaces).`,
      { field: IDEMPOTENCY_KEY_HEADER },
    );
  }
  return value;
}
