import { z } from "@/lib/validation/zod";
import { TIME_ZONE_MAX_LENGTH, canonicalTimeZone } from "./zone";

// Apart from zone.ts so the header's clock, which reads zones in every browser, does not bring zod with it.

/** A zone name from a request: listed zones only, returned in their listed spelling. */
export const timeZoneSchema = z
  .string({ message: "The time zone must be a name such as Africa/Lagos or UTC." })
  .max(TIME_ZONE_MAX_LENGTH, { message: `A time zone name is at most ${TIME_ZONE_MAX_LENGTH} characters.` })
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) {
      ctx.addIssue({
        code: "custom",
        message: "That is not a time zone this server knows; choose one from the list, such as Africa/Lagos or UTC.",
      });
      return z.NEVER;
    }
    return canonical;
  });
