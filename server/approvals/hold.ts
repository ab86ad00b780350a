import "server-only";
import { type Approval, type ApprovalAction, approvalCapability, approvalMode, type ApprovalStatus } from "@/lib/approvals/actions";
import { auditedChange } from "@/server/audit/audited-change";
import { type AuditEntry, writeAuditQuietly } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import type { Db } from "@/server/db/types";
import { approvalRules, type StoredInput } from "./action-rules";
import { requiresApproval } from "./settings";
import { claimAudited, expireOverdue, memberStillAble, storeRequest, toView } from "./store";
import { and, eq, not, sql } from "drizzle-orm";
import { type ApprovalRow, approvals } from "@/server/db/schema";

export type HoldInput = {
  db: Db;
  actor: StaffMember;
  input: Omit<StoredInput, "headers"> & { action: ApprovalAction };
  requestId: string;
  request: Request;
  /**
   * The maker's own step-up, checked before a grant is spent (the handler asks for it again, after
   * this): a refusal then leaves the grant usable. Tests pass their own.
   */
  stepUp?: (check: { db: Db; actor: StaffMember }) => Promise<void>;
};

/** `run`: the handler may run now (no approval needed, or a granted reveal is used); `held`: answer 202. */
export type HoldDecision = { kind: "run" } | { kind: "held"; approval: Approval };

/**
 * Called by the route wrapper for a contract with an `approval` flag, after validation and before
 * the handler. When the settings require approval, the validated request is stored and nothing
 * else happens: no upstream call, no change. A granted reveal is claimed here (once) by its maker,
 * only after the maker's step-up passed: the handler's own step-up refusal comes after the claim,
 * and would otherwise spend the grant for nothing.
 */
export async function holdForApproval({
  db,
  actor,
  input,
  requestId,
  request,
  stepUp = requireRecentSecondFactor,
}: HoldInput): Promise<HoldDecision> {
  const { action } = input;
  const rule = approvalRules[action];
  if (!(await requiresApproval(db, action))) return { kind: "run" };
  const validated: StoredInput = { params: input.params, body: input.body, query: input.query, headers: {} };
  if (!rule.applies(validated)) return { kind: "run" };
  const stored: StoredInput = { ...(rule.keep ? await rule.keep(validated) : validated), headers: rule.keepHeaders(request) };
  const intent = rule.intent(stored);
  await expireOverdue({ db });
  if (approvalMode[action] === "grant") {
    const granted = await findGrant(db, action, actor, intent);
    if (granted) {
      await stepUp({ db, actor });
      if (await spendGrant(db, action, actor, granted, requestId)) return { kind: "run" };
    }
  }

  const { summary, target } = await rule.describe(db, stored);
  const maker = { id: actor.id, name: actor.name, email: actor.email };
  // A request is stored with its entry or not at all; the same request again finds it open and is not audited twice.
  const kept = await auditedChange(db, async (tx) => {
    const found = await storeRequest({ db: tx, action, maker, requestId, target, summary, input: stored, intent });
    const audit: AuditEntry = {
      actor,
      action: "approval.request",
      target,
      outcome: "success",
      requestId,
      detail: { approval_id: found.row.id, approval_action: action, requested_by: nameOf(maker), summary },
    };
    return { result: found, audit: found.created ? audit : null };
  });
  // Outside the transaction: a rule's own comparison may check a password against the kept hash (scrypt).
  const same = kept.created || kept.same || (rule.sameAs !== undefined && (await rule.sameAs(kept.row.input as StoredInput, validated)));
  if (!same && rule.reused) {
    const refusal = rule.reused();
    // Audited as the direct path audits the same refusal: nothing was stored, the open request is unchanged.
    await writeAuditQuietly({
      db,
      actor,
      action: "approval.request",
      target,
      outcome: "failure",
      requestId,
      detail: { approval_action: action, requested_by: nameOf(maker), summary, code: refusal.code },
    });
    throw refusal;
  }
  return { kind: "held", approval: toView(kept.row) };
}

/** A reveal approved for this maker and lookup, still within its window (its id), if there is one. */
async function findGrant(db: Db, action: ApprovalAction, actor: StaffMember, intent: string): Promise<string | undefined> {
  const [granted] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.action, action),
        eq(approvals.requestedBy, actor.id),
        eq(approvals.intent, intent),
        eq(approvals.status, "approved" satisfies ApprovalStatus),
        sql`${approvals.usableUntil} > now()`,
      ),
    )
    .limit(1);
  return granted?.id;
}

/**
 * The grant used up by this request, only while its checker could still grant it (active, not
 * reset, in a role that may). A grant whose checker was disabled, reset or moved since is void:
 * the reveal asks for a new approval.
 */
async function spendGrant(db: Db, action: ApprovalAction, actor: StaffMember, grantId: string, requestId: string): Promise<boolean> {
  const checkerAble = memberStillAble(approvals.decidedBy, approvalCapability[action]);
  const entry = (won: ApprovalRow, outcome: "success" | "denied"): AuditEntry => ({
    actor,
    action: "approval.use",
    target: won.target,
    outcome,
    requestId,
    detail: {
      approval_id: won.id,
      approval_action: action,
      requested_by: nameOf({ name: won.requestedByName, email: won.requestedByEmail }),
      approved_by: nameOf({ name: won.decidedByName ?? "", email: won.decidedByEmail ?? "" }),
      ...(outcome === "denied" ? { code: "approver_unable" } : {}),
    },
  });
  const used = await claimAudited(
    db,
    { id: grantId, from: "approved", set: { status: "executed", resultStatus: 200, finishedAt: sql`now()` }, onlyIf: checkerAble },
    (won) => entry(won, "success"),
  );
  if (used) return true;
  await claimAudited(
    db,
    { id: grantId, from: "approved", set: { status: "expired", finishedAt: sql`now()` }, onlyIf: not(checkerAble) },
    (won) => entry(won, "denied"),
  );
  return false;
}

export function nameOf(member: { name: string; email: string }): string {
  return `${member.name} <${member.email}>`;
}
