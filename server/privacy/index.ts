import "server-only";

export { EMPTY, maskEmail, maskPersonal, maskPhone, maskTail, maskWhole } from "./mask";
export { redactDeep } from "./redact";
export { isPersonalKey, isSecretKey, PAYLOAD_KEYS, PERSONAL_KEYS, SECRET_KEYS } from "./sensitive-keys";
export { serializeError } from "./serialize-error";
export { holdsSensitiveNumber, maskSensitiveDeep, maskSensitiveText } from "./by-value";
