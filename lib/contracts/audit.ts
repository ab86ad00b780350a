import { z } from "@/lib/validation/zod";
import { timeZoneSchema } from "@/lib/time/zone-schema";
import { daySchema } from "@/lib/time/day-schema";
import { countParam, optionalCountParam } from "@/lib/validation/count-param";
import { hasUnsafeCharacters } from "@/lib/validation/plain-text";
import { unsafeTextMessage } from "@/lib/validation/text-messages";
import { contract, fileResponse, ndjsonResponse } from "./contract";

// Entry ids: PostgreSQL's bigint, read as a JavaScript number, so no larger than it holds exactly.
const cursor = optionalCountParam("The page cursor", { min: 1, max: Number.MAX_SAFE_INTEGER });
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const auditOutcomes = ["success", "denied", "failure"] as const;

/**
 * Filters and page of the audit trail, read from the URL by the page, the JSON route and the CSV
 * export alike. Dates are whole days in `tz` (the staff member's zone; UTC when absent); `to` is inclusive.
 */
export const auditQuerySchema = z
  .object({
    // PostgreSQL refuses NUL and lone surrogates even in a WHERE: a 400 here, not a 500 there.
    staff: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine((v) => !hasUnsafeCharacters(v), { message: unsafeTextMessage("staff email"), abort: true })
        .trim()
        .max(254, { message: "The staff email is too long." })
        .optional(),
    ),
    action: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_.-]{1,64}$/, { message: "Choose an action from the list." })
        .optional(),
    ),
    outcome: z.preprocess(blankToUndefined, z.enum(auditOutcomes, { message: "The outcome is success, denied or failure." }).optional()),
    from: z.preprocess(blankToUndefined, daySchema.optional()),
    to: z.preprocess(blankToUndefined, daySchema.optional()),
    /** The zone `from` and `to` are days in, and the export's timestamps are written in. */
    tz: z.preprocess(blankToUndefined, timeZoneSchema.optional()),
    /** Keyset cursors: entries older than `before`, or newer than `after` (ids). */
    before: cursor,
    after: cursor,
    limit: countParam("The limit", { min: 1, max: 200, fallback: 50 }),
  })
  .refine((q) => !(q.from && q.to && q.from > q.to), { message: "The start date is after the end date.", path: ["from"] })
  .refine((q) => !(q.before && q.after), { message: "Use one page cursor at a time.", path: ["before"] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditFilters = Pick<AuditQuery, "staff" | "action" | "outcome" | "from" | "to" | "tz">;

/** The filters as a query string (no cursor), for links, the export and the JSON route. */
export function filtersToSearch(filters: AuditFilters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v !== undefined && v !== "") params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const auditEntrySchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  requestId: z.string(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(auditOutcomes),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  olderCursor: z.number().nullable(),
  /** Pass as `after` for the previous (newer) page; null on the first page. */
  newerCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const chainStatusSchema = z.union([
  z.object({ ok: z.literal(true), checked: z.number() }),
  z.object({ ok: z.literal(false), checked: z.number(), brokenAtId: z.number(), reason: z.string() }),
]);
export type ChainStatus = z.infer<typeof chainStatusSchema>;

/** One page of the audit trail, filtered. */
export const getAudit = contract({
  method: "GET",
  path: "/api/audit",
  capability: "audit.read",
  action: "audit.read",
  query: auditQuerySchema,
  response: auditPageSchema,
  errors: [],
});

/** Whether the hash chain of the trail is intact. */
export const getAuditChain = contract({
  method: "GET",
  path: "/api/audit/chain",
  capability: "audit.read",
  action: "audit.verify",
  response: chainStatusSchema,
  errors: [],
});

/** The filtered trail as CSV; the export is itself audited. */
export const getAuditExport = contract({
  method: "GET",
  path: "/api/audit/export",
  capability: "audit.read",
  action: "audit.export",
  query: auditQuerySchema,
  response: fileResponse,
  errors: [],
});

export const checkpointStatusSchema = z.discriminatedUnion("state", [
  /** AUDIT_SIGNING_KEY_FILE / AUDIT_CHECKPOINT_DIR unset: no checkpoints are written. */
  z.object({ state: z.literal("not_configured") }),
  /** Configured, but none written yet (an empty trail, or the first period has not begun). */
  z.object({ state: z.literal("none") }),
  z.object({
    state: z.literal("checked"),
    latest: z.object({ file: z.string(), size: z.number(), signedAt: z.string() }).nullable(),
    /** Whether the trail verifies against the latest checkpoint, and the verifier's own line. */
    ok: z.boolean(),
    summary: z.string(),
  }),
]);
export type CheckpointStatus = z.infer<typeof checkpointStatusSchema>;

/** The latest signed checkpoint, and whether the trail still verifies against it. */
export const getAuditCheckpoint = contract({
  method: "GET",
  path: "/api/audit/checkpoint",
  capability: "audit.read",
  action: "audit.verify",
  response: checkpointStatusSchema,
  errors: [],
});

/** `after` is the `seq` of the last entry received (0 or absent: from the first); at most 1000 a page. */
export const auditStreamQuerySchema = z.object({
  after: countParam("The cursor (the seq of the last entry received)", { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 }),
  limit: countParam("The limit", { min: 1, max: 1000, fallback: 100 }),
});
export type AuditStreamQuery = z.infer<typeof auditStreamQuerySchema>;

/**
 * The trail for a SIEM: NDJSON, oldest first, every field the hash covers plus `seq`, `prev_hash` and
 * `hash`; the next page's cursor in `X-Next-Cursor`. Staff with audit.read, or a log shipper with
 * `Authorization: Bearer <AUDIT_STREAM_TOKEN>`.
 */
export const getAuditStream = contract({
  method: "GET",
  path: "/api/audit/stream",
  capability: "audit.read",
  action: "audit.stream",
  query: auditStreamQuerySchema,
  response: ndjsonResponse,
  errors: [],
});
