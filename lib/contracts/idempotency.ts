/**
 * The `Idempotency-Key` header of a contract marked `idempotent: true`: route() reads and checks it
 * before the handler runs (a bad one is a 400 naming the header) and hands the key to the service.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** 1–255 visible ASCII characters (0x21–0x7E): no spaces, no control characters, nothing non-ASCII. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** What route() answers for a missing or malformed key; an idempotent contract declares them by itself. */
export const IDEMPOTENCY_KEY_ERRORS = ["idempotency_key_required", "invalid_idempotency_key"] as const;
