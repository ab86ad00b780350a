import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { type AlertRule, alertRuleLabels } from "@/lib/security/alert-rule-names";
import { roles } from "@/lib/permissions";
import { DEFAULT_MEMBER_ZONE, outsideWorkingHours } from "@/lib/security/alert-rules";
import { parseRange, type Range } from "@/lib/security/cidr";
import { auditLog, securityAlertOutbox, securityAlerts, staff, webhookDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { maskEmail, maskSensitiveText } from "@/server/privacy";
import { readAlertSettings } from "./alert-thresholds";

// The audit actions the rules read. Spelled here rather than imported from their services: those
// services import the audit writer, which calls these rules.
const BVN_LOOKUP_REQUESTED = "bvn.lookup.requested";
const BVN_LOOKUP = "bvn.lookup";
const BVN_REVEAL = "bvn.reveal";
const SIGN_IN = "auth.sign_in";
const SECOND_FACTOR_RESET = "staff.second_factor.reset";
const RULE_ACTIONS = new Set([BVN_LOOKUP_REQUESTED, BVN_REVEAL, SIGN_IN, SECOND_FACTOR_RESET]);

/** Whether a rule reads this entry: one of RULE_ACTIONS, a lookup refused by the hourly quota, or a security control's change. */
function mayTrip(entry: AuditedEvent): boolean {
  return RULE_ACTIONS.has(entry.action) || quotaRefusal(entry) || isSecurityControlChange(entry.action);
}

/** A lookup refused by the member's hourly quota (server/compliance/bvn-lookup.ts audits it so). */
function quotaRefusal(entry: AuditedEvent): boolean {
  return entry.action === BVN_LOOKUP && entry.outcome === "denied" && entry.detail?.reason === "quota";
}

const HOUR_MS = 3_600_000;
const SIGN_IN_WINDOW_MS = 10 * 60_000;

/** The audit entry just written, as the rules read it (the writer's AuditEntry fits; not imported: the writer imports this file). */
type AuditedEvent = {
  actor: { id: string | null; email: string | null } | null;
  action: string;
  target?: string | null;
  outcome: string;
  requestId: string;
  detail?: Record<string, unknown> | null;
};

type Details = Record<string, string | number | boolean | null>;
type Raise = { rule: AlertRule; subject: string; windowKey: string; details: Details };

/**
 * Evaluates the rules an audited action can trip, right after its entry is written (the writer
 * calls this for every entry, so no path around it). Counting is SQL over the audit trail, so every
 * instance counts the same rows. A rule's failure never fails the action: it runs in a savepoint of
 * the caller's transaction (if any) and is logged.
 */
export async function evaluateAlertRules({ db, entry, at }: { db: Db; entry: AuditedEvent; at: Date }): Promise<void> {
  if (!mayTrip(entry)) return;
  await guarded(db, entry.action, async (tx) => {
    for (const raise of await rulesFor(tx, entry, at)) await raiseAlert({ db: tx, ...raise });
  });
}

/** The refused-deliveries rule, after the webhook receiver logged a refused delivery (not an audited action). */
export async function evaluateWebhookRefusal({ db, at }: { db: Db; at: Date }): Promise<void> {
  await guarded(db, "webhook.refused", async (tx) => {
    const { thresholds } = await readAlertSettings(tx);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.outcome, "refused"), gt(webhookDeliveries.receivedAt, new Date(at.getTime() - HOUR_MS))));
    const refused = row?.n ?? 0;
    if (refused <= thresholds.webhook_refused_per_hour) return;
    await raiseAlert({
      db: tx,
      rule: "webhook_refused",
      subject: "incoming updates",
      windowKey: hourKey(at),
      details: { refused_last_hour: refused, threshold: thresholds.webhook_refused_per_hour },
    });
  });
}

async function guarded(db: Db, what: string, run: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await db.transaction(run);
  } catch (error) {
    log.error({ err: error, action: what }, "security alert rules could not be evaluated");
  }
}

async function rulesFor(db: Db, entry: AuditedEvent, at: Date): Promise<Raise[]> {
  const actorId = entry.actor?.id ?? null;
  const actorEmail = entry.actor?.email ?? null;
  if (entry.action === BVN_LOOKUP_REQUESTED && entry.outcome === "success" && actorId) {
    const { thresholds } = await readAlertSettings(db);
    const lookups = await countEntries(db, at, HOUR_MS, and(eq(auditLog.action, BVN_LOOKUP_REQUESTED), eq(auditLog.actorStaffId, actorId)));
    if (lookups <= thresholds.bvn_lookups_per_hour) return [];
    return [
      {
        rule: "bvn_lookups",
        subject: actorEmail ?? actorId,
        windowKey: hourKey(at),
        details: { lookups_last_hour: lookups, threshold: thresholds.bvn_lookups_per_hour },
      },
    ];
  }
  // The quota (BVN_LOOKUPS_PER_HOUR, default 30) stops a member before the threshold (default 50)
  // can be passed: reaching it is itself the alert, once per member in the hour (the same rule and
  // window as the threshold's, so a member who passes both gets one).
  if (quotaRefusal(entry) && actorId) {
    const { thresholds } = await readAlertSettings(db);
    const lookups = await countEntries(db, at, HOUR_MS, and(eq(auditLog.action, BVN_LOOKUP_REQUESTED), eq(auditLog.actorStaffId, actorId)));
    const quota = entry.detail?.perHour;
    return [
      {
        rule: "bvn_lookups",
        subject: actorEmail ?? actorId,
        windowKey: hourKey(at),
        details: {
          lookups_last_hour: lookups,
          threshold: thresholds.bvn_lookups_per_hour,
          quota_reached: true,
          quota: typeof quota === "number" ? quota : null,
        },
      },
    ];
  }
  if (entry.action === BVN_REVEAL && entry.outcome === "success" && actorId) {
    const { thresholds } = await readAlertSettings(db);
    const [member] = await db.select({ zone: staff.timeZone }).from(staff).where(eq(staff.id, actorId)).limit(1);
    const zone = member?.zone ?? DEFAULT_MEMBER_ZONE;
    if (!outsideWorkingHours(at, zone, thresholds.working_hours_start, thresholds.working_hours_end)) return [];
    return [
      {
        rule: "reveal_outside_hours",
        subject: actorEmail ?? actorId,
        // Each reveal outside hours is its own alert.
        windowKey: entry.requestId,
        details: { zone, working_hours: `${thresholds.working_hours_start}–${thresholds.working_hours_end} Mon–Fri` },
      },
    ];
  }
  if (entry.action === SIGN_IN && entry.outcome === "failure") return signInRules(db, entry, at);
  // One administrator's own step-up suffices to weaken a control: each such change is an alert of its own.
  if (isSecurityControlChange(entry.action) && entry.outcome === "success") {
    const weakened = weakening(entry.action, entry.detail);
    if (!weakened) return [];
    return [
      {
        rule: "security_control_changed",
        subject: SECURITY_CONTROLS[entry.action] ?? entry.action,
        windowKey: entry.requestId,
        details: { changed_by: actorEmail, weakened },
      },
    ];
  }
  if (entry.action === SECOND_FACTOR_RESET && entry.outcome === "success") {
    return [
      {
        rule: "second_factor_reset",
        subject: maskSensitiveText(entry.target ?? "staff"),
        windowKey: entry.requestId,
        details: { reset_by: actorEmail },
      },
    ];
  }
  return [];
}

/** Failed sign-ins in the last 10 minutes, for the account tried and for the address tried from. */
async function signInRules(db: Db, entry: AuditedEvent, at: Date): Promise<Raise[]> {
  const { thresholds } = await readAlertSettings(db);
  const limit = thresholds.failed_sign_ins_per_10_minutes;
  const failures = and(eq(auditLog.action, SIGN_IN), eq(auditLog.outcome, "failure"));
  const raised: Raise[] = [];
  const email = entry.actor?.email;
  if (email) {
    const count = await countEntries(db, at, SIGN_IN_WINDOW_MS, and(failures, eq(auditLog.actorEmail, email)));
    // A known member's work email names the account; an unknown one may be anyone's (a customer's): masked and told apart by a digest.
    const subject = entry.actor?.id ? email : `${maskEmail(email)} (${digest(email)})`;
    if (count > limit)
      raised.push({
        rule: "failed_sign_ins_account",
        subject,
        windowKey: tenMinuteKey(at),
        details: { failures_last_10_minutes: count, threshold: limit, known_account: Boolean(entry.actor?.id) },
      });
  }
  const address = typeof entry.detail?.address === "string" ? entry.detail.address : null;
  if (address && address !== "unknown") {
    const count = await countEntries(db, at, SIGN_IN_WINDOW_MS, and(failures, sql`${auditLog.detail} ->> 'address' = ${address}`));
    if (count > limit)
      raised.push({
        rule: "failed_sign_ins_address",
        subject: address,
        windowKey: tenMinuteKey(at),
        details: { failures_last_10_minutes: count, threshold: limit },
      });
  }
  return raised;
}

async function countEntries(db: Db, at: Date, windowMs: number, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(where, gt(auditLog.occurredAt, new Date(at.getTime() - windowMs))));
  return row?.n ?? 0;
}

/**
 * Stores the alert once per rule, subject and window: however many events cross the threshold at
 * once, on however many instances, the unique key lets one insert through. Only that one queues
 * the post to ALERT_WEBHOOK_URL, in the same transaction.
 */
export async function raiseAlert({ db, rule, subject, windowKey, details }: Raise & { db: Db }): Promise<string | null> {
  const [row] = await db
    .insert(securityAlerts)
    .values({ rule, subject, windowKey, details })
    .onConflictDoNothing({ target: [securityAlerts.rule, securityAlerts.subject, securityAlerts.windowKey] })
    .returning({ id: securityAlerts.id });
  if (!row) return null;
  log.warn({ alert: row.id, rule }, "security alert raised");
  if (env().alertWebhookUrl)
    await db.insert(securityAlertOutbox).values({ alertId: row.id, body: { text: alertText(rule, subject, details) } });
  return row.id;
}

/** The one line posted for an alert: the rule, whom it is about (masked as stored) and its counts. */
export function alertText(rule: AlertRule, subject: string, details: Details): string {
  const facts = Object.entries(details)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${String(v)}`)
    .join(", ");
  return maskSensitiveText(`Security alert: ${alertRuleLabels[rule]} — ${subject}${facts ? ` (${facts})` : ""}`);
}

const hourKey = (at: Date) => at.toISOString().slice(0, 13);
const tenMinuteKey = (at: Date) => `${Math.floor(at.getTime() / SIGN_IN_WINDOW_MS)}`;
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 8);

/**
 * The audit actions that change a security control, each with the name an alert gives the control.
 * Spelled here, as the other rules' actions are: alert-rules.test.ts saves each through its service.
 */
export const SECURITY_CONTROLS: Readonly<Record<string, string>> = {
  "approval.settings.update": "Four-eyes approvals",
  "allowlist.update": "Address allowlist",
  "staff.second_factor.policy": "Two-factor requirement",
  "security_alert.settings.update": "Security alert thresholds",
};

export function isSecurityControlChange(action: string): boolean {
  return Object.hasOwn(SECURITY_CONTROLS, action);
}

type Detail = Record<string, unknown> | null | undefined;

const UNREADABLE = "a change this version cannot judge (its audit entry does not read as expected)";

/**
 * How a saved change weakened the control its audit entry records, in words, or null when it did not:
 * approval actions removed; the allowlist emptied (every address allowed) or given a range it did
 * not cover; two-factor no longer required of a role that owed it; a threshold raised or working
 * hours widened (fewer alerts). Judged from the entry's own before and after, so every path that
 * saves a control is judged alike; an entry whose detail does not read as expected counts as a
 * weakening, so the alert errs on the side of being raised.
 */
export function weakening(action: string, detail: Detail): string | null {
  switch (action) {
    case "approval.settings.update":
      return approvalsWeakened(detail);
    case "allowlist.update":
      return allowlistWeakened(detail);
    case "staff.second_factor.policy":
      return secondFactorWeakened(detail);
    case "security_alert.settings.update":
      return thresholdsWeakened(detail);
    default:
      return null;
  }
}

function approvalsWeakened(detail: Detail): string | null {
  const removed = detail?.removed;
  if (!isStrings(removed)) return UNREADABLE;
  return removed.length ? `approval no longer required for ${removed.join(", ")}` : null;
}

function allowlistWeakened(detail: Detail): string | null {
  const { before, after } = detail ?? {};
  if (!isStrings(before) || !isStrings(after)) return UNREADABLE;
  // An empty list restricts nothing: any list after it restricts more.
  if (before.length === 0) return null;
  if (after.length === 0) return `emptied: every address is allowed (it held ${before.length} range${before.length === 1 ? "" : "s"})`;
  const held = before.map(parseRange).filter((r): r is Range => r !== null);
  const wider = after.filter((entry) => {
    const range = parseRange(entry);
    return range === null || !held.some((outer) => within(range, outer));
  });
  return wider.length ? `widened by ${wider.join(", ")}` : null;
}

/** Whether every address of `inner` is in `outer`. A range covered only by two ranges together counts as wider (the alert errs on raising). */
function within(inner: Range, outer: Range): boolean {
  return inner[0].kind() === outer[0].kind() && inner[1] >= outer[1] && inner[0].match(outer);
}

type Policy = { requireAll: boolean; roles: string[] };

function secondFactorWeakened(detail: Detail): string | null {
  const before = policyOf(detail?.before);
  const after = policyOf(detail?.after);
  if (!before || !after) return UNREADABLE;
  const owes = (policy: Policy, role: string) => policy.requireAll || policy.roles.includes(role);
  const dropped = roles.filter((role) => owes(before, role) && !owes(after, role));
  return dropped.length ? `two-factor no longer required for ${dropped.join(", ")}` : null;
}

function policyOf(value: unknown): Policy | null {
  if (!isRecord(value) || typeof value.requireAll !== "boolean" || !isStrings(value.roles)) return null;
  return { requireAll: value.requireAll, roles: value.roles };
}

/** Every threshold fires above its number, so a higher number alerts less; working hours that start earlier or end later flag fewer reveals. */
function thresholdsWeakened(detail: Detail): string | null {
  const { before, after } = detail ?? {};
  if (!isRecord(before) || !isRecord(after)) return UNREADABLE;
  const changes: string[] = [];
  for (const [key, was] of Object.entries(before)) {
    const now = after[key];
    if (typeof was === "number" && typeof now === "number" && now > was) changes.push(`${key} ${was} → ${now}`);
  }
  const { working_hours_start: startWas, working_hours_end: endWas } = before;
  const { working_hours_start: start, working_hours_end: end } = after;
  if (typeof startWas === "string" && typeof start === "string" && start < startWas)
    changes.push(`working_hours_start ${startWas} → ${start}`);
  if (typeof endWas === "string" && typeof end === "string" && end > endWas) changes.push(`working_hours_end ${endWas} → ${end}`);
  return changes.length ? changes.join("; ") : null;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
