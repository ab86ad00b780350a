import "server-only";
import { maskPersonal } from "./mask-by-key";
import { isPersonalKey, isSecretKey } from "./sensitive-keys";

/**
 * A copy of `value` safe to store or print: secrets dropped, personal values masked, at any depth.
 * Numbers under a personal key (a BVN sent as a number) are masked like strings.
 */
export function redactDeep(value: unknown, depth = 0): unknown {
  // Beyond this depth nothing is worth keeping, and recursion must not be driven by input.
  if (depth > 16) return "[too deep]";
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretKey(key)) continue;
    if (isPersonalKey(key) && (typeof item === "string" || typeof item === "number")) out[key] = maskPersonal(key, String(item));
    else out[key] = redactDeep(item, depth + 1);
  }
  return out;
}
