import "server-only";
import { FORBIDDEN_MESSAGE, GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { approveApproval } from "@/lib/contracts/approvals";
import { and, sql } from "drizzle-orm";
import { type Approval, type ApprovalAction, approvalMode, type ApprovalStatus, REVEAL_GRANT_MINUTES } from "@/lib/approvals/actions";
import { AppError, isAppError } from "@/lib/errors";
import { can, type Capability, isRole } from "@/lib/permissions";
import { type AuditEntry, writeAudit, writeAuditQuietly } from "@/server/audit/writer";
import { sessionIdOf } from "@/server/auth/session-id";
import { findStaffById, type StaffMember, toMember } from "@/server/auth/staff-repo";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { approvals, type ApprovalRow, type StaffRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { StoredInput } from "./action-rules";
import { nameOf } from "./hold";
import {
  checkerPredates,
  checkerPredatesRequest,
  claimAudited,
  expireOverdue,
  findApproval,
  listFor,
  memberStillAble,
  recordResult,
  toView,
} from "./store";

/** What an approved action answered, as the route answers it (the route wrapper makes it a reply). */
export type ActionAnswer = { status: number; data: unknown; headers: Record<string, string> };

/** Runs one action's route handler; `staff` is the maker, carrying the checker's session for the step-up check. */
export type Executor = (run: {
  db: Db;
  staff: StaffMember & { sessionId: string | undefined; mustChangePassword: boolean };
  input: StoredInput;
  requestId: string;
  origin: string;
}) => Promise<ActionAnswer>;

type Decision = { db: Db; actor: StaffMember; input: { id: string }; requestId: string };

const refusals = {
  notFound: () => fail(approveApproval, "approval_not_found", "There is no approval request with that id, or it is not one you may see."),
  self: (message = "You made this request: a different member must approve it.") =>
    fail(approveApproval, "self_approval_forbidden", message),
  newerChecker: () =>
    fail(
      approveApproval,
      "self_approval_forbidden",
      "Your account was made after this request: a member whose account existed when it was made must approve it.",
    ),
  decided: (row: ApprovalRow) =>
    fail(
      approveApproval,
      "approval_already_decided",
      `This request was already ${row.status === "cancelled" ? "cancelled" : "decided"}${row.decidedByName ? ` by ${row.decidedByName}` : ""}. Refresh the list.`,
    ),
  expired: () =>
    fail(approveApproval, "approval_expired", "This request expired after 24 hours without a decision. The requester may ask again."),
  requesterUnable: () =>
    fail(
      approveApproval,
      "approval_requester_unable",
      "The member who asked is disabled, must change their reset password, or no longer holds the role for this action, so it cannot run in their name. Decline it.",
    ),
  // Checked by route() for the session a moment before; this is a change that landed in between.
  checkerUnable: () => fail(GUARD_ERRORS, "forbidden", FORBIDDEN_MESSAGE),
};

export async function listApprovals({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: StaffMember;
  input: { status?: ApprovalStatus };
}): Promise<{ approvals: Approval[] }> {
  await expireOverdue({ db });
  return { approvals: (await listFor({ db, member: actor, status: input.status })).map(toView) };
}

/**
 * Approves a pending request. Checks that cannot change the outcome come first (visibility,
 * self-approval, the checker's account older than the request, the checker's step-up, the maker
 * still able to act), so a refused attempt leaves the request pending; then one conditional UPDATE
 * claims it, so exactly one of any number of concurrent checkers on any number of instances
 * proceeds, and the rest get 409. The claim is committed before the action runs: no transaction is
 * held across the upstream call.
 */
export async function approve({
  db,
  actor,
  input,
  requestId,
  execute,
  origin,
  stepUp = requireRecentSecondFactor,
}: Decision & {
  execute: Record<ApprovalAction, Executor>;
  origin: string;
  stepUp?: (check: { db: Db; actor: StaffMember }) => Promise<void>;
}): Promise<ActionAnswer> {
  const row = await visibleRow(db, actor, input.id, requestId, "approval.approve");
  const capability = row.capability as Capability;
  const refuseUnableMaker = async () => {
    await deniedAudit(db, actor, row, requestId, "approval.approve", "approval_requester_unable");
    return refusals.requesterUnable();
  };
  const refuseNewerChecker = async () => {
    await deniedAudit(db, actor, row, requestId, "approval.approve", "checker_newer_than_request");
    return refusals.newerChecker();
  };
  // Checked here for a clear refusal that leaves the request pending, and again by the claim itself.
  if (!(await checkerPredates({ db, id: row.id, checkerId: actor.id }))) throw await refuseNewerChecker();
  const maker = await findStaffById(db, row.requestedBy);
  if (!maker || !mayAct(maker, capability)) throw await refuseUnableMaker();
  await stepUp({ db, actor });
  // Of a claim that found nothing: the maker or the checker changed meanwhile, or another member decided first.
  const notClaimed = async () => {
    const now = await findStaffById(db, row.requestedBy);
    if (!now || !mayAct(now, capability)) return refuseUnableMaker();
    const checkerNow = await findStaffById(db, actor.id);
    if (!checkerNow || !mayAct(checkerNow, capability)) return refusals.checkerUnable();
    if (!(await checkerPredates({ db, id: row.id, checkerId: actor.id }))) return refuseNewerChecker();
    return lost(db, row.id);
  };
  // Conditions of the claim itself, so a change committed before it is seen by it: the maker may still
  // act, and so may the checker (route() admitted their session a moment earlier, not at the claim).
  const claimable = and(
    memberStillAble(approvals.requestedBy, capability),
    memberStillAble(actor.id, capability),
    checkerPredatesRequest(actor.id),
  );
  const action = row.action as ApprovalAction;
  const decided = { decidedBy: actor.id, decidedByName: actor.name, decidedByEmail: actor.email, decidedAt: sql`now()` };

  if (approvalMode[action] === "grant") {
    const granted = await claimAudited(
      db,
      {
        id: row.id,
        from: "pending",
        set: {
          ...decided,
          status: "approved",
          usableUntil: sql`now() + make_interval(mins => ${REVEAL_GRANT_MINUTES})`,
        },
        onlyIf: claimable,
      },
      (won) => stepEntry(actor, won, requestId, "approval.approve", "success", { usable_minutes: REVEAL_GRANT_MINUTES }),
    );
    if (!granted) throw await notClaimed();
    return { status: 200, data: { kind: "approval_granted", approval: toView(granted) }, headers: {} };
  }

  // The claim and its entry commit before the action runs: no transaction is held across the upstream call.
  const claimed = await claimAudited(
    db,
    { id: row.id, from: "pending", set: { ...decided, status: "executing" }, onlyIf: claimable },
    (won) => stepEntry(actor, won, requestId, "approval.approve", "success", {}),
  );
  if (!claimed) throw await notClaimed();

  const runAs = { ...toMember(maker), sessionId: sessionIdOf(actor), mustChangePassword: maker.mustChangePassword };
  let result: ActionAnswer;
  try {
    result = await execute[action]({ db, staff: runAs, input: claimed.input as StoredInput, requestId, origin });
  } catch (error) {
    const status = isAppError(error) ? error.status : 500;
    const code = isAppError(error) ? error.code : "internal_error";
    await recordResult({ db, id: claimed.id, status: unknownAfter(status, code) ? "unknown" : "failed", result: { status, code } });
    await writeAuditQuietly({ db, ...stepEntry(actor, claimed, requestId, "approval.execute", "failure", { http_status: status, code }) });
    throw error;
  }
  const code = result.status >= 400 ? codeOf(result.data) : null;
  const status: ApprovalStatus = result.status < 400 ? "executed" : unknownAfter(result.status, code) ? "unknown" : "failed";
  await recordResult({ db, id: claimed.id, status, result: { status: result.status, code } });
  // The action has run: what it answered is what the checker must see, and what the row keeps, even
  // when the entry cannot be written (that failure is logged).
  await writeAuditQuietly({
    db,
    ...stepEntry(actor, claimed, requestId, "approval.execute", status === "executed" ? "success" : "failure", {
      http_status: result.status,
      ...(code ? { code } : {}),
    }),
  });
  return result;
}

export async function decline({
  db,
  actor,
  input,
  requestId,
}: Decision & { input: { id: string; reason: string } }): Promise<{ approval: Approval }> {
  const row = await visibleRow(
    db,
    actor,
    input.id,
    requestId,
    "approval.decline",
    "You made this request: withdraw it with Cancel instead.",
  );
  const declined = await claimAudited(
    db,
    {
      id: row.id,
      from: "pending",
      set: {
        status: "declined",
        decidedBy: actor.id,
        decidedByName: actor.name,
        decidedByEmail: actor.email,
        decidedAt: sql`now()`,
        reason: input.reason,
        finishedAt: sql`now()`,
      },
    },
    (won) => stepEntry(actor, won, requestId, "approval.decline", "success", { reason: input.reason }),
  );
  if (!declined) throw await lost(db, row.id);
  return { approval: toView(declined) };
}

/** Only the maker withdraws their own request. */
export async function cancel({ db, actor, input, requestId }: Decision): Promise<{ approval: Approval }> {
  await expireOverdue({ db });
  const row = await findApproval({ db, id: input.id });
  if (!row || (row.requestedBy !== actor.id && !can(actor.role, row.capability as Parameters<typeof can>[1]))) throw refusals.notFound();
  if (row.requestedBy !== actor.id) {
    await deniedAudit(db, actor, row, requestId, "approval.cancel", "forbidden");
    throw fail(GUARD_ERRORS, "forbidden", "Only the member who made the request may cancel it; decline it instead.");
  }
  if (row.status === "expired") throw refusals.expired();
  if (row.status !== "pending") throw refusals.decided(row);
  const cancelled = await claimAudited(
    db,
    {
      id: row.id,
      from: "pending",
      set: {
        status: "cancelled",
        decidedBy: actor.id,
        decidedByName: actor.name,
        decidedByEmail: actor.email,
        decidedAt: sql`now()`,
        finishedAt: sql`now()`,
      },
    },
    (won) => stepEntry(actor, won, requestId, "approval.cancel", "success", {}),
  );
  if (!cancelled) throw await lost(db, row.id);
  return { approval: toView(cancelled) };
}

/** The row a checker may decide: visible to them (same capability), not their own, still pending. */
async function visibleRow(
  db: Db,
  actor: StaffMember,
  id: string,
  requestId: string,
  step: string,
  selfMessage?: string,
): Promise<ApprovalRow> {
  await expireOverdue({ db });
  const row = await findApproval({ db, id });
  const mine = row?.requestedBy === actor.id;
  if (!row || (!mine && !can(actor.role, row.capability as Parameters<typeof can>[1]))) throw refusals.notFound();
  if (mine) {
    await deniedAudit(db, actor, row, requestId, step, "self_approval_forbidden");
    throw refusals.self(selfMessage);
  }
  if (row.status === "expired") throw refusals.expired();
  if (row.status !== "pending") throw refusals.decided(row);
  return row;
}

/** Whether a member may act with `capability` as route() would admit them now (memberStillAble, read on its own). */
function mayAct(member: StaffRow, capability: Capability): boolean {
  return member.status === "active" && !member.mustChangePassword && isRole(member.role) && can(member.role, capability);
}

/** Why a claim found nothing: another member decided first, or the 24 hours ran out meanwhile. */
async function lost(db: Db, id: string): Promise<AppError> {
  await expireOverdue({ db });
  const now = await findApproval({ db, id });
  if (!now) return refusals.notFound();
  return now.status === "expired" || now.status === "pending" ? refusals.expired() : refusals.decided(now);
}

function codeOf(data: unknown): string | null {
  const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" ? code : null;
}

/** A card may exist after these: the approval is not "failed" (which would invite a retry) but unknown. */
function unknownAfter(status: number, code: string | null): boolean {
  return code === "card_outcome_unknown" || (status >= 500 && code !== "upstream_unavailable");
}

function stepDetail(row: ApprovalRow, actor: StaffMember, step: string, extra: Record<string, unknown>): Record<string, unknown> {
  const checker = nameOf(actor);
  const role = step === "approval.decline" ? "declined_by" : step === "approval.cancel" ? "cancelled_by" : "approved_by";
  return {
    approval_id: row.id,
    approval_action: row.action,
    requested_by: nameOf({ name: row.requestedByName, email: row.requestedByEmail }),
    [role]: checker,
    summary: row.summary,
    ...extra,
  };
}

function stepEntry(
  actor: StaffMember,
  row: ApprovalRow,
  requestId: string,
  step: string,
  outcome: "success" | "failure",
  extra: Record<string, unknown>,
): AuditEntry {
  return { actor, action: step, target: row.target, outcome, requestId, detail: stepDetail(row, actor, step, extra) };
}

async function deniedAudit(db: Db, actor: StaffMember, row: ApprovalRow, requestId: string, step: string, code: string): Promise<void> {
  await writeAudit({
    db,
    actor,
    action: step,
    target: row.target,
    outcome: "denied",
    requestId,
    detail: { ...stepDetail(row, actor, step, {}), code },
  });
}
