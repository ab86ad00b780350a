import "server-only";
import { and, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import {
  activityCapability,
  activityLabel,
  activityOutcome,
  activitySummary,
  type ActivityEntry,
  type ActivityQuery,
} from "@/lib/activity/activity";
import { FORBIDDEN_MESSAGE, GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { can } from "@/lib/permissions";
import type { ObjectKind } from "@/lib/finance/objects";
import { likePattern } from "@/server/db/like";
import { auditLog, recentObjects, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { auditTarget } from "./target";
import { writeAuditQuietly, type StaffActor } from "./writer";

export const ACTIVITY_LIMIT = 50;

const CUSTOMER_ACTIONS = [
  "verification.check",
  "verification.submit",
  "customer.contact.update",
  "card.create",
  "card.create.replay",
  // Four-eyes: a card asked for, approved (and issued), declined or withdrawn, each naming both members.
  "approval.request",
  "approval.approve",
  "approval.execute",
  "approval.decline",
  "approval.cancel",
];
const CREDIT_ACTIONS = ["credit.simulate", "credit.simulate.replay"];

/**
 * The audit entries that name one object, in the target format each writer uses: customer actions
 * target the bare customer id, a bill's token reveal `bill:<id>`, a credit `collection_account:<no>`
 * (the transaction it made is in its detail). A refusal by role targets the request path.
 */
function auditConditions(query: ActivityQuery): SQL | undefined {
  const e = encodeURIComponent;
  switch (query.kind) {
    case "customer":
      return or(
        and(eq(auditLog.target, query.id), inArray(auditLog.action, CUSTOMER_ACTIONS)),
        // A path, compared as written: ids are case-sensitive.
        like(auditLog.target, likePattern(`/api/v1/customers/${e(query.id)}/`, "prefix")),
      );
    case "transaction":
      return or(
        eq(auditLog.target, `transaction:${query.id}`),
        and(inArray(auditLog.action, CREDIT_ACTIONS), sql`${auditLog.detail}->>'transactionId' = ${query.id}`),
        eq(auditLog.target, `/api/v1/transactions/${e(query.id)}`),
      );
    case "bill":
      return or(
        eq(auditLog.target, `bill:${query.id}`),
        eq(auditLog.target, `/api/v1/bills/${e(query.id)}`),
        eq(auditLog.target, `/api/v1/bills/${e(query.id)}/token`),
      );
    case "collection": {
      const byId = eq(auditLog.target, `/api/v1/collections/${e(query.id)}`);
      if (!query.account) return byId;
      return or(
        byId,
        eq(auditLog.target, `collection_account:${query.account}`),
        eq(auditLog.target, `/api/v1/checkouts/${e(query.account)}/credit`),
      );
    }
  }
}

/**
 * Opening an object is not audited (reads would flood the hash chain); each staff member's
 * recently-opened list records their latest opening, which is what the timeline shows.
 */
async function openings(db: Db, kind: ObjectKind, id: string): Promise<ActivityEntry[]> {
  const found = await db
    .select({ openedAt: recentObjects.openedAt, email: staff.email, role: staff.role, staffId: recentObjects.staffId })
    .from(recentObjects)
    .leftJoin(staff, eq(staff.id, recentObjects.staffId))
    .where(and(eq(recentObjects.kind, kind), eq(recentObjects.objectId, id), eq(recentObjects.parentId, "")))
    .orderBy(desc(recentObjects.openedAt))
    .limit(ACTIVITY_LIMIT);
  return found.map((r) => ({
    key: `opened-${r.staffId}`,
    at: r.openedAt.toISOString(),
    actor: r.email,
    role: r.role,
    action: "opened",
    label: activityLabel("opened", "success"),
    outcome: "success",
    summary: "their latest opening",
    request_id: null,
    source: "opened",
  }));
}

/** Who did what to one object, newest first: audit entries, plus the latest opening per staff member for finance objects. */
export async function listActivity(db: Db, query: ActivityQuery): Promise<{ entries: ActivityEntry[] }> {
  const audited = await db.select().from(auditLog).where(auditConditions(query)).orderBy(desc(auditLog.id)).limit(ACTIVITY_LIMIT);
  const entries: ActivityEntry[] = audited.map((row) => ({
    key: `audit-${row.id}`,
    at: row.occurredAt.toISOString(),
    actor: row.actorEmail,
    role: row.actorRole,
    action: row.action,
    label: activityLabel(row.action, row.outcome, row.detail ?? null),
    outcome: activityOutcome(row.action, row.outcome, row.detail ?? null),
    summary: activitySummary(row.action, row.detail ?? null),
    request_id: row.requestId,
    source: "audit",
  }));
  if (query.kind !== "customer") entries.push(...(await openings(db, query.kind, query.id)));
  // Stable newest-first: equal times keep the audit trail's own order.
  entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return { entries: entries.slice(0, ACTIVITY_LIMIT) };
}

/**
 * An object's activity for a staff member: readable by whoever may read the object (customers for
 * ops and compliance, finance objects for finance); anyone else gets 403, audited.
 */
export async function readActivity({
  db,
  actor,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffActor;
  input: ActivityQuery;
  requestId: string;
}): Promise<{ entries: ActivityEntry[] }> {
  const capability = activityCapability[input.kind];
  if (!can(actor.role, capability)) {
    await writeAuditQuietly({
      db,
      actor,
      action: "activity.read",
      target: auditTarget.activity(input.kind, input.id),
      outcome: "denied",
      requestId,
      detail: { reason: "role", capability },
    });
    throw fail(GUARD_ERRORS, "forbidden", FORBIDDEN_MESSAGE);
  }
  return listActivity(db, input);
}
