import "server-only";

export { EMPTY } from "@/lib/format/empty";
// One implementation of each mask (./masks.ts); every mask has a fixed length, so it does not leak the length.
export { maskEmail, maskPhone, maskTail } from "./masks";
export { maskPersonal, maskWhole } from "./mask-by-key";
export { LOGGED, redactDeep, STORED, type RedactPolicy } from "./redact";
export { isPersonalKey, isSecretKey, PAYLOAD_KEYS, PERSONAL_KEYS, SECRET_KEYS } from "./sensitive-keys";
export { serializeError } from "./serialize-error";
export { holdsSensitiveNumber, maskedExcerpt, maskRevealed, maskSensitiveDeep, maskSensitiveText } from "./by-value";
