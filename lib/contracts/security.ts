import { z } from "@/lib/validation/zod";
import { uuidParams } from "@/lib/route-params";
import { alertRules } from "@/lib/security/alert-rule-names";
import { alertThresholdsSchema } from "@/lib/security/alert-rules";
import { canonicalRange, parseRange } from "@/lib/security/cidr";
import { contract } from "./contract";
import { STEP_UP_ERRORS } from "./errors";

/** The most ranges a list may hold: enough for offices and VPNs, small enough to check on every request. */
export const ALLOWLIST_MAX_RANGES = 100;

export const allowlistSchema = z.object({
  /** Canonical CIDR ranges; empty: every address may sign in and call. */
  ranges: z.array(z.string()),
  /** The address this request came from, as the server sees it ("unknown" when it cannot tell). */
  your_address: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Allowlist = z.infer<typeof allowlistSchema>;

export const getAllowlist = contract({
  method: "GET",
  path: "/api/settings/allowlist",
  capability: "staff.manage",
  action: "allowlist.read",
  response: allowlistSchema,
  errors: [],
});

// Dotted parts with a leading zero or in hex ("010.0.0.0/8", "0x0a.0.0.0"): refused by parseRange
// (they would be read as octal or hex), and told how to write them.
const NOT_PLAIN_DECIMAL = /^(?:[^/]*:)?(?:(?:0\d+|0x[0-9a-f]+)\.|[^/]*\.(?:0\d+|0x[0-9a-f]+)(?:\.|\/|$))/i;

const rangeEntry = z
  .string({ message: "Each range is text such as 203.0.113.0/24." })
  .max(64, { message: "A range is at most 64 characters." })
  .refine((entry) => parseRange(entry) !== null, {
    error: (issue) => {
      const entry = String(issue.input).slice(0, 64);
      return NOT_PLAIN_DECIMAL.test(entry.trim())
        ? `"${entry}": write each part of an IPv4 address as a plain decimal number, without leading zeros (10.0.0.0/8, not 010.0.0.0/8).`
        : `"${entry}" is not an IPv4 or IPv6 range such as 203.0.113.0/24 or 2001:db8::/32.`;
    },
  })
  .transform((entry) => canonicalRange(entry)!);

/** Replaces the whole list; refused when it would leave out the address of the administrator sending it. */
export const setAllowlist = contract({
  method: "PUT",
  path: "/api/settings/allowlist",
  capability: "staff.manage",
  action: "allowlist.update",
  body: z
    .object({
      ranges: z
        .array(rangeEntry, { message: "ranges is a list of CIDR ranges." })
        .max(ALLOWLIST_MAX_RANGES, { message: `At most ${ALLOWLIST_MAX_RANGES} ranges.` })
        .transform((list) => [...new Set(list)]),
    })
    .strict(),
  response: allowlistSchema,
  errors: [...STEP_UP_ERRORS, "allowlist_would_lock_out"],
});

export const alertStatuses = ["open", "acknowledged"] as const;

export const securityAlertSchema = z.object({
  id: z.string(),
  rule: z.enum(alertRules),
  /** Who or what it is about, already masked: a member's email, a masked address, a webhook source. */
  subject: z.string(),
  summary: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  raised_at: z.string(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;

export const listSecurityAlerts = contract({
  method: "GET",
  path: "/api/security-alerts",
  capability: "staff.manage",
  action: "security_alert.list",
  query: z.object({ status: z.enum(alertStatuses, { message: "status is open or acknowledged." }).optional() }),
  response: z.object({ alerts: z.array(securityAlertSchema) }),
  errors: [],
});

/** Acknowledging twice is not an error: the answer shows who acknowledged it first. */
export const acknowledgeSecurityAlert = contract({
  method: "POST",
  path: "/api/security-alerts/[id]/acknowledge",
  capability: "staff.manage",
  action: "security_alert.acknowledge",
  params: uuidParams("alert"),
  response: z.object({ alert: securityAlertSchema }),
  errors: ["security_alert_not_found"],
});

export const alertSettingsSchema = z.object({
  thresholds: alertThresholdsSchema,
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const getAlertSettings = contract({
  method: "GET",
  path: "/api/security-alerts/settings",
  capability: "staff.manage",
  action: "security_alert.settings.read",
  response: alertSettingsSchema,
  errors: [],
});

export const setAlertSettings = contract({
  method: "POST",
  path: "/api/security-alerts/settings",
  capability: "staff.manage",
  action: "security_alert.settings.update",
  body: z.object({ thresholds: alertThresholdsSchema }).strict(),
  response: alertSettingsSchema,
  errors: [...STEP_UP_ERRORS],
});
