import { z } from "@/lib/validation/zod";

/**
 * `token.expires_at` as providers send it: a number (its unit is read in
 * server/upstream/token-cache.ts), the same number as a string, or an ISO 8601 date-time with a
 * zone. Anything else reads as absent and the token gets the fallback lifetime: an expiry we cannot
 * read must not make every upstream call fail.
 */
const expiresAtSchema = z
  .union([
    z.number().finite(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
    z.iso.datetime({ offset: true }),
  ])
  .nullish()
  .catch(null);

export const accessTokenResponseSchema = z.object({
  // Sent back as `Authorization: Bearer …`: a token with a space, a line break or a character
  // outside ASCII cannot be, and would be cached and fail every call until it expired.
  access_token: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^[\x21-\x7e]+$/),
  // Only the expiry is used: the rest of the object is never a reason to refuse the token.
  token: z
    .object({
      expires_at: expiresAtSchema,
      issued_at: z.number().finite().nullish().catch(null),
      type: z.string().nullish().catch(null),
    })
    .nullish()
    .catch(null),
});
