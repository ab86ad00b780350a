import { z } from "@/lib/validation/zod";
import { BVN_HIDDEN_FIELDS, bvnLookupIdSchema, bvnLookupRequestSchema, bvnRecentRequestSchema, bvnRecordSchema } from "@/lib/schemas/bvn";
import { contract } from "./contract";
import { STEP_UP_ERRORS, UPSTREAM_ERRORS } from "./errors";

// The BVN only ever travels in a POST body: never in a URL, a query key or browser storage.

export const bvnRecentLookupsSchema = z.object({
  windowHours: z.number(),
  lookups: z.array(z.object({ staffEmail: z.string().nullable(), staffRole: z.string().nullable(), at: z.string() })),
});
export type BvnRecentLookups = z.infer<typeof bvnRecentLookupsSchema>;

/** What the lookup route answers: the record masked, and the id of the short-lived copy to reveal. */
export const bvnLookupResultSchema = z.object({
  lookupId: z.string(),
  expiresAt: z.string(),
  masked: z.literal(true),
  record: bvnRecordSchema,
});
export type BvnLookupResult = z.infer<typeof bvnLookupResultSchema>;

export const bvnRevealResultSchema = z.object({ lookupId: z.string(), masked: z.literal(false), record: bvnRecordSchema });
export type BvnRevealResult = z.infer<typeof bvnRevealResultSchema>;

/** One lookup, audited with its purpose; the identity service's typed refusals keep their own code. */
export const postBvnLookup = contract({
  method: "POST",
  path: "/api/v1/identity/bvn",
  capability: "bvn.lookup",
  action: "bvn.lookup",
  body: bvnLookupRequestSchema,
  response: bvnLookupResultSchema,
  errors: [...UPSTREAM_ERRORS, "bvn_quota_exceeded"],
});

/** "Was this BVN looked up recently?", asked before a lookup; a POST so the BVN stays out of the URL. */
export const postBvnRecent = contract({
  method: "POST",
  path: "/api/v1/identity/bvn/recent",
  capability: "bvn.lookup",
  action: "bvn.recent_check",
  body: bvnRecentRequestSchema,
  response: bvnRecentLookupsSchema,
  errors: [],
});

/** The full values of one of the member's own recent lookups; needs a fresh second factor. */
export const postBvnReveal = contract({
  method: "POST",
  path: "/api/v1/identity/bvn/lookups/[id]/reveal",
  capability: "bvn.lookup",
  action: "bvn.reveal",
  approval: "bvn.reveal",
  params: z.object({ id: bvnLookupIdSchema }),
  response: bvnRevealResultSchema,
  errors: [...STEP_UP_ERRORS, "lookup_expired"],
  reveals: ["record.bvn", ...BVN_HIDDEN_FIELDS.slice(1).map((field) => `record.${field}`)],
});
