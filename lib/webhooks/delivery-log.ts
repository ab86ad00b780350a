import { z } from "@/lib/validation/zod";

/**
 * The webhook delivery log as both sides see it: what became of each delivery, why a refused one
 * was refused, and when refusals count as a spike. Isomorphic: the server computes, the pages draw.
 */
export const deliveryOutcomes = ["applied", "duplicate", "stale", "unknown_customer", "refused", "failed"] as const;
/** What applying a decision again can come to (server/webhooks/verification-events.ts, applyDecision). */
export const reapplyOutcomes = ["applied", "stale", "unknown_customer"] as const;
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

export const refusalReasons = ["signature", "size", "shape", "not_configured"] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** How long a delivery is kept, and at most how many: the log is for investigating, not an archive. */
export const DELIVERY_RETENTION_DAYS = 30;
export const DELIVERY_RETENTION_ROWS = 10_000;
/** Bytes of masked payload kept per delivery; a longer one keeps a cut preview. */
export const STORED_PAYLOAD_CHARS = 4_096;
export const DELIVERY_PAGE_SIZE = 50;

/**
 * A spike of refused deliveries: at least SPIKE_MIN_REFUSED in the last 60 minutes, and at least
 * SPIKE_FACTOR times the average per hour of the 23 hours before. A sender whose secret was rotated
 * on one side only, or someone probing the endpoint, shows up within the hour; a steady trickle of
 * refusals that has always been there does not raise the banner.
 */
export const SPIKE_MIN_REFUSED = 10;
export const SPIKE_FACTOR = 3;

/** Refused deliveries per hour, newest hour first: `hours[0]` is the last 60 minutes, up to 24 hours back. */
export function isRefusalSpike(hours: readonly number[]): boolean {
  const [last = 0, ...before] = hours;
  const baseline = before.length === 0 ? 0 : before.reduce((a, b) => a + b, 0) / before.length;
  return last >= SPIKE_MIN_REFUSED && last >= SPIKE_FACTOR * baseline;
}

export const deliveryViewSchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  outcome: z.enum(deliveryOutcomes),
  refusal: z.enum(refusalReasons).nullable(),
  refusalDetail: z.string().nullable(),
  eventId: z.string().nullable(),
  customerId: z.string().nullable(),
  status: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Masked and bounded on the server; null when nothing of the body was kept (unauthenticated, too large). */
  payload: z.unknown(),
  payloadBytes: z.number(),
  reapplicable: z.boolean(),
  reapplied: z.object({ at: z.string(), by: z.string().nullable(), outcome: z.enum(reapplyOutcomes) }).nullable(),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

export const deliveryPageSchema = z.object({ deliveries: z.array(deliveryViewSchema), nextCursor: z.string().nullable() });
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

/** A cursor is the id of the last delivery shown: the next page starts below it. */
export const deliveryCursorSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, { message: "cursor must be the id of a delivery (digits)." })
  .optional();

export const deliveryOutcomeFilterSchema = z.enum(["all", "refused", "accepted"], { message: "outcome is all, refused or accepted." });

export type RefusedPerHour = { hours: number[]; lastHour: number; spike: boolean };

export const reapplyResultSchema = z.object({
  id: z.number(),
  outcome: z.enum(reapplyOutcomes),
  /** True when this delivery had been re-applied already: the answer is the first re-apply's, nothing changed. */
  replayed: z.boolean(),
  reappliedAt: z.string(),
  reappliedBy: z.string().nullable(),
});
export type ReapplyResult = z.infer<typeof reapplyResultSchema>;
