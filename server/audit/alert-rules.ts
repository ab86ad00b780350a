import "server-only";
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { type AlertRule, alertRuleLabels } from "@/lib/security/alert-rule-names";
import { DEFAULT_MEMBER_ZONE, outsideWorkingHours } from "@/lib/security/alert-rules";
import { auditLog, securityAlertOutbox, securityAlerts, staff, webhookDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { maskEmail, maskSensitiveText } from "@/server/privacy";
import { readAlertSettings } from "./alert-thresholds";

// The audit actions the rules read. Spelled here rather than imported from their services: those
// services import the audit writer, which calls these rules.
const BVN_LOOKUP_REQUESTED = "bvn.lookup.requested";
const BVN_REVEAL = "bvn.reveal";
const SIGN_IN = "auth.sign_in";
const SECOND_FACTOR_RESET = "staff.second_factor.reset";
const RULE_ACTIONS = new Set([BVN_LOOKUP_REQUESTED, BVN_REVEAL, SIGN_IN, SECOND_FACTOR_RESET]);

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
  if (!RULE_ACTIONS.has(entry.action)) return;
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
