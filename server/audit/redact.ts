import "server-only";
import { redactDeep } from "@/server/privacy";

/** Returns a copy of `detail` safe to store: personal values masked, secrets dropped, at any depth (rules in server/privacy). */
export function redactDetail(detail: Record<string, unknown>): Record<string, unknown> {
  return redactDeep(detail) as Record<string, unknown>;
}
