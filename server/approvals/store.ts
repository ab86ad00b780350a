import "server-only";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { and, desc, eq, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import {
  type Approval,
  type ApprovalAction,
  APPROVAL_TTL_HOURS,
  approvalCapability,
  approvalActions,
  type ApprovalStatus,
} from "@/lib/approvals/actions";
import { can, type Capability, type Role, roles } from "@/lib/permissions";
import { type ApprovalRow, approvals, staff } from "@/server/db/schema";
import { defineLease } from "@/server/db/lease";
import type { Db } from "@/server/db/types";
import { auditedChange } from "@/server/audit/audited-change";
import type { AuditEntry } from "@/server/audit/writer";
import { sameInput, type StoredInput } from "./action-rules";

export const LIST_LIMIT = 100;

export function toView(row: ApprovalRow): Approval {
  return {
    id: row.id,
    action: row.action as ApprovalAction,
    status: row.status as ApprovalStatus,
    requested_by: { id: row.requestedBy, name: row.requestedByName, email: row.requestedByEmail },
    requested_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    summary: row.summary,
    decided_by: row.decidedBy ? { id: row.decidedBy, name: row.decidedByName ?? "", email: row.decidedByEmail ?? "" } : null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    result: row.resultStatus === null ? null : { status: row.resultStatus, code: row.resultCode },
    usable_until: row.usableUntil?.toISOString() ?? null,
  };
}

type NewApproval = {
  action: ApprovalAction;
  maker: { id: string; name: string; email: string };
  requestId: string;
  target: string;
  summary: string;
  input: StoredInput;
  intent: string;
};

/**
 * Stores a request, or answers the maker's open one for the same intent (a double click, a retry):
 * the partial unique index makes that hold under concurrency too. `same` says whether that open
 * one asked for what this one asks: an intent the maker names (an Idempotency-Key) does not
 * say it by itself, and the caller must not answer another request's approval for it.
 */
export async function storeRequest({
  db,
  ...request
}: { db: Db } & NewApproval): Promise<{ row: ApprovalRow; created: true } | { row: ApprovalRow; created: false; same: boolean }> {
  const [created] = await db
    .insert(approvals)
    .values({
      action: request.action,
      capability: approvalCapability[request.action],
      requestedBy: request.maker.id,
      requestedByName: request.maker.name,
      requestedByEmail: request.maker.email,
      requestId: request.requestId,
      target: request.target,
      summary: request.summary,
      input: request.input,
      intent: request.intent,
      expiresAt: sql`now() + make_interval(hours => ${APPROVAL_TTL_HOURS})`,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, created: true };
  const [open] = await db
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.action, request.action),
        eq(approvals.requestedBy, request.maker.id),
        eq(approvals.intent, request.intent),
        inArray(approvals.status, ["pending", "approved", "in_use"]),
      ),
    )
    .limit(1);
  if (!open) throw new Error("approval: the conflicting open request was not found");
  return { row: open, created: false, same: sameInput(open.input as StoredInput, request.input) };
}

export async function findApproval({ db, id }: { db: Db; id: string }): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).limit(1);
  return row;
}

/** How long an approved action may run before an instance that stopped meanwhile is assumed. */
export const EXECUTION_LEASE_MINUTES = 10;

/**
 * How long one request may hold a reveal grant (`in_use`) before an instance that stopped meanwhile
 * is assumed: far longer than a reveal takes (no upstream call, a few statements), far shorter than
 * the grant's 15 minutes.
 */
export const GRANT_CLAIM_SECONDS = 120;

/** A reveal grant's claim by one request of its maker's: a lease in the grant's own row (server/db/lease.ts). */
export const grantClaim = defineLease(approvals, { key: ["id"], holder: "claimId", until: "claimedUntil", row: "shared" });

/**
 * Lazily, by whoever reads first: a grant whose claim outlived its bound is given back (the request
 * holding it stopped; its `bvn.reveal` entries say whether it revealed); pending requests past their
 * 24 hours and unused reveal grants past their window become `expired`; an execution whose instance
 * stopped before recording the result becomes `unknown` (the action may have happened: the operator
 * looks before asking again).
 */
export async function expireOverdue({ db }: { db: Db }): Promise<void> {
  await db
    .update(approvals)
    .set({ status: "approved", claimId: null, claimedUntil: null })
    .where(and(eq(approvals.status, "in_use"), grantClaim.over));
  await db
    .update(approvals)
    .set({ status: "expired", finishedAt: sql`now()` })
    .where(
      or(
        and(eq(approvals.status, "pending"), lte(approvals.expiresAt, sql`now()`)),
        and(eq(approvals.status, "approved"), lte(approvals.usableUntil, sql`now()`)),
      ),
    );
  await db
    .update(approvals)
    .set({ status: "unknown", finishedAt: sql`now()` })
    .where(
      and(eq(approvals.status, "executing"), lte(approvals.decidedAt, sql`now() - make_interval(mins => ${EXECUTION_LEASE_MINUTES})`)),
    );
}

/** Which request moves, from which status, and what it is set to; `onlyIf`: what must also hold, in the same statement. */
export type ClaimInput = { id: string; from: ApprovalStatus; set: PgUpdateSetSource<typeof approvals>; onlyIf?: SQL };

/**
 * That a member can still act as route() would let them: active, not owing a new password after a
 * reset, in a role with `capability`. The member is a column of the request (its maker, or the checker
 * of a grant) or an id (the checker deciding now). A condition of the claim itself, so a disable, reset
 * or role change committed before the claim is seen by it: none can slip in between a check and the claim.
 */
export function memberStillAble(member: typeof approvals.requestedBy | typeof approvals.decidedBy | string, capability: Capability): SQL {
  const able = roles.filter((role) => can(role, capability));
  if (able.length === 0) return sql`false`;
  return sql`exists (select 1 from ${staff} where ${staff.id} = ${member} and ${staff.status} = 'active' and not ${staff.mustChangePassword} and ${inArray(staff.role, able)})`;
}

/**
 * That the checker's account was made before the request, on the database's clock (`staff.created_at
 * < approvals.created_at`): an account added after it — a second account of the maker's, made
 * through the API or the CLI — may not approve it. A condition of the claim itself, as
 * memberStillAble is.
 */
export function checkerPredatesRequest(checkerId: string): SQL {
  return sql`exists (select 1 from ${staff} where ${staff.id} = ${checkerId} and ${staff.createdAt} < ${approvals.createdAt})`;
}

/** Whether the checker's account predates this request (checkerPredatesRequest, read on its own for a clear refusal). */
export async function checkerPredates({ db, id, checkerId }: { db: Db; id: string; checkerId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(eq(approvals.id, id), checkerPredatesRequest(checkerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves a row out of `from` atomically: one conditional UPDATE, so of any number of concurrent
 * callers on any number of instances exactly one gets the row back. A pending row past its expiry
 * is never claimed.
 */
export async function claim({ db, id, from, set, onlyIf }: { db: Db } & ClaimInput): Promise<ApprovalRow | undefined> {
  const live: SQL =
    from === "pending" ? sql`${approvals.expiresAt} > now()` : from === "approved" ? sql`${approvals.usableUntil} > now()` : sql`true`;
  const [row] = await db
    .update(approvals)
    .set(set)
    .where(and(eq(approvals.id, id), eq(approvals.status, from), live, onlyIf))
    .returning();
  return row;
}

/** A claim and its audit entry, committed together: undefined (nothing written) when another caller claimed first. */
export async function claimAudited(db: Db, input: ClaimInput, entry: (won: ApprovalRow) => AuditEntry): Promise<ApprovalRow | undefined> {
  return auditedChange(db, async (tx) => {
    const won = await claim({ db: tx, ...input });
    return { result: won, audit: won ? entry(won) : null };
  });
}

export async function recordResult({
  db,
  id,
  status,
  result,
}: {
  db: Db;
  id: string;
  status: ApprovalStatus;
  result: { status: number; code: string | null };
}): Promise<void> {
  await db
    .update(approvals)
    .set({ status, resultStatus: result.status, resultCode: result.code, finishedAt: sql`now()` })
    .where(eq(approvals.id, id));
}

/** The member's own requests and those they may approve (the capability the action needs), newest first, pending first. */
export async function listFor({
  db,
  member,
  status,
}: {
  db: Db;
  member: { id: string; role: Role };
  status: ApprovalStatus | undefined;
}): Promise<ApprovalRow[]> {
  const mayApprove = approvalActions.filter((a) => can(member.role, approvalCapability[a]));
  const visible = mayApprove.length
    ? or(eq(approvals.requestedBy, member.id), inArray(approvals.action, mayApprove))
    : eq(approvals.requestedBy, member.id);
  return db
    .select()
    .from(approvals)
    .where(status ? and(visible, eq(approvals.status, status)) : visible)
    .orderBy(sql`${approvals.status} = 'pending' DESC`, desc(approvals.createdAt))
    .limit(LIST_LIMIT);
}
