import "server-only";
import type { z } from "@/lib/validation/zod";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";

/** A field name echoed back is cut short: the sender chose it, and it may be anything. */
const ECHOED_NAME_LENGTH = 64;

/** A field name the sender chose, as a refusal may echo it (ECHOED_NAME_LENGTH). */
export function echoedName(name: string): string {
  return name.slice(0, ECHOED_NAME_LENGTH);
}

/**
 * Validates input with its schema; the first problem becomes a 400 naming the field. Its own module,
 * shared by the route layer and the services, so that neither reaches into the other's folder.
 * A field the schema does not have is named too (zod puts it in `keys`, not in `path`).
 */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    const field = echoedName([...issue.path.map(String), String(issue.keys[0] ?? "")].join("."));
    throw fail(GUARD_ERRORS, "invalid_request", `This request has no field named "${field}". Remove it and send again.`, { field });
  }
  const field = issue?.path.map(String).join(".") || undefined;
  throw fail(GUARD_ERRORS, "invalid_request", issue?.message ?? "The request is not valid.", { field });
}
