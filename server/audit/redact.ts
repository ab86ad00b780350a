import "server-only";
import { maskSensitiveDeep, redactDeep } from "@/server/privacy";

/**
 * Returns a copy of `detail` safe to store: secrets dropped, personal values masked by key, and a
 * BVN or card number under any key masked by value, at any depth (rules in server/privacy).
 */
export function redactDetail(detail: Record<string, unknown>): Record<string, unknown> {
  return maskSensitiveDeep(redactDeep(detail)) as Record<string, unknown>;
}
