import "server-only";
import { maskPersonal } from "./mask-by-key";
import { isSecretKey, PAYLOAD_KEYS, personalKeyOf } from "./sensitive-keys";

/**
 * How a walk treats what it finds by key. Stored copies (audit details, webhook payloads) drop a
 * secret, since nothing may ever read it back; a log line keeps the key with `[redacted]`, since
 * an operator reading it needs to know the secret was there.
 */
export interface RedactPolicy {
  secret: "drop" | "censor";
  /** Keys whose whole value is censored (a log line never carries a request's body). */
  censorKeys: ReadonlySet<string>;
  maxDepth: number;
  tooDeep: string;
}

const CENSORED = "[redacted]";

export const STORED: RedactPolicy = { secret: "drop", censorKeys: new Set(), maxDepth: 16, tooDeep: "[too deep]" };
export const LOGGED: RedactPolicy = { secret: "censor", censorKeys: new Set(PAYLOAD_KEYS), maxDepth: 32, tooDeep: CENSORED };

/**
 * A copy of `value` safe to store or print: secrets dropped or censored, personal values masked
 * (under any of their names, a card number under `pan` too), at any depth. Numbers under a personal
 * key (a BVN sent as a number) are masked like strings. One walker for logs and storage, so a key
 * the log knows to be personal is personal in the audit trail too.
 */
export function redactDeep(value: unknown, policy: RedactPolicy = STORED, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  // Beyond this depth nothing is kept: recursion must not be driven by input.
  if (depth > policy.maxDepth) return policy.tooDeep;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, policy, depth + 1));
  // A Date is a value, not a record; an Error is on its way to the serializer, which keeps only what is safe.
  if (value instanceof Date || value instanceof Error) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const personal = personalKeyOf(key);
    if (isSecretKey(key)) {
      if (policy.secret === "censor") out[key] = CENSORED;
    } else if (policy.censorKeys.has(key)) out[key] = CENSORED;
    else if (personal && (typeof item === "string" || typeof item === "number")) out[key] = maskPersonal(personal, String(item));
    else out[key] = redactDeep(item, policy, depth + 1);
  }
  return out;
}
