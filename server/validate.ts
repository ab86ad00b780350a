import "server-only";
import type { z } from "@/lib/validation/zod";
import { errors } from "@/lib/errors";

/**
 * Validates input with its schema; the first problem becomes a 400 naming the field. Its own module,
 * shared by the route layer and the services, so that neither reaches into the other's folder.
 */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || undefined;
  throw errors.badRequest(issue?.message ?? "The request is not valid.", field);
}
