import "server-only";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { fail } from "@/lib/contracts/fail";
import * as securityContracts from "@/lib/contracts/security";
import type { SecurityAlert } from "@/lib/contracts/security";
import { type AlertRule, alertRules } from "@/lib/security/alert-rule-names";
import { alertText } from "@/server/audit/alert-rules";
import { auditedChange } from "@/server/audit/audited-change";
import type { StaffActor } from "@/server/audit/writer";
import { securityAlerts, type SecurityAlertRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

const LIST_LIMIT = 100;

function toView(row: SecurityAlertRow): SecurityAlert {
  const rule = (alertRules as readonly string[]).includes(row.rule) ? (row.rule as AlertRule) : "second_factor_reset";
  return {
    id: row.id,
    rule,
    subject: row.subject,
    summary: alertText(rule, row.subject, row.details),
    details: row.details,
    raised_at: row.raisedAt.toISOString(),
    acknowledged_by: row.acknowledgedByName,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
  };
}

/** The latest alerts, newest first: the open ones, the acknowledged ones, or both. */
export async function listSecurityAlerts({ db, input }: { db: Db; input: { status?: "open" | "acknowledged" } }) {
  const where =
    input.status === "open"
      ? isNull(securityAlerts.acknowledgedAt)
      : input.status === "acknowledged"
        ? isNotNull(securityAlerts.acknowledgedAt)
        : undefined;
  const rows = await db.select().from(securityAlerts).where(where).orderBy(desc(securityAlerts.raisedAt)).limit(LIST_LIMIT);
  return { alerts: rows.map(toView) };
}

/**
 * Marks the alert seen, audited with who did it. Two administrators acknowledging at once both get
 * 200: the first one's name stays on it and only that acknowledgement is audited.
 */
export async function acknowledgeSecurityAlert({
  db,
  actor,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffActor & { name: string };
  input: { id: string };
  requestId: string;
}): Promise<{ alert: SecurityAlert }> {
  return auditedChange(db, async (tx) => {
    const [updated] = await tx
      .update(securityAlerts)
      .set({ acknowledgedBy: actor.id, acknowledgedByName: actor.name, acknowledgedAt: sql`now()` })
      .where(and(eq(securityAlerts.id, input.id), isNull(securityAlerts.acknowledgedAt)))
      .returning();
    if (updated) {
      return {
        result: { alert: toView(updated) },
        audit: {
          actor,
          action: "security_alert.acknowledge",
          target: `security_alert:${updated.id}`,
          outcome: "success",
          requestId,
          detail: { rule: updated.rule, raised_at: updated.raisedAt.toISOString() },
        },
      };
    }
    const [existing] = await tx.select().from(securityAlerts).where(eq(securityAlerts.id, input.id)).limit(1);
    if (!existing) throw fail(securityContracts.acknowledgeSecurityAlert, "security_alert_not_found", "No security alert has that id.");
    return { result: { alert: toView(existing) }, audit: null };
  });
}
