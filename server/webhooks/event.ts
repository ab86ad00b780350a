import "server-only";
import { z } from "zod";
import { verificationStatusSchema } from "@/lib/schemas/card-verification";
import { pathParamSchema } from "@/lib/path-params";

/** The verification decision event as we accept it (assumption; the spec shows no payload). */
export const verificationEventSchema = z.object({
  event_id: z.string().min(1).max(128).regex(/^[A-Za-z0-9_.:-]+$/, { message: "event_id has characters that are not allowed." }),
  customer_id: pathParamSchema,
  status: verificationStatusSchema,
  can_create_card: z.boolean().optional(),
  decided_at: z.iso.datetime({ offset: true }).optional(),
});
export type VerificationEventPayload = z.infer<typeof verificationEventSchema>;
