import "server-only";
import { randomUUID } from "node:crypto";
import { type Approval, type ApprovalAction, approvalCapability, approvalMode, type ApprovalStatus } from "@/lib/approvals/actions";
import { APPROVAL_HOLD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { type AppError, isAppError } from "@/lib/errors";
import { auditedChange } from "@/server/audit/audited-change";
import { type AuditAnswer, heldAnswerEntries } from "@/server/audit/answer-entries";
import { type AuditEntry, writeAuditQuietly } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { endsIn } from "@/server/db/lease";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";
import { approvalRules, type StoredInput } from "./action-rules";
import { requiresApproval } from "./settings";
import {
  claim,
  claimAudited,
  expireOverdue,
  findApproval,
  GRANT_CLAIM_SECONDS,
  grantClaim,
  memberStillAble,
  storeRequest,
  toView,
} from "./store";
import { and, eq, not, or, sql } from "drizzle-orm";
import { type ApprovalRow, approvals } from "@/server/db/schema";

export type HoldInput = {
  db: Db;
  actor: StaffMember;
  input: Omit<StoredInput, "headers"> & { action: ApprovalAction };
  requestId: string;
  request: Request;
  /**
   * The maker's own step-up, checked before a grant is claimed (the handler asks for it again, after
   * this): a request that owes a code does not hold the grant while it is asked for. Tests pass their own.
   */
  stepUp?: (check: { db: Db; actor: StaffMember }) => Promise<void>;
};

/** A grant claimed for one request of its maker's: runOnGrant settles it with that request's answer. */
export type GrantClaim = { db: Db; actor: StaffMember; requestId: string; row: ApprovalRow; claimId: string };

/**
 * `run`: the handler may run now (no approval needed, or with `grant`, a granted reveal claimed for
 * this request: run it through runOnGrant); `held`: answer 202.
 */
export type HoldDecision = { kind: "run"; grant?: GrantClaim } | { kind: "held"; approval: Approval };

/**
 * Called by the route wrapper for a contract with an `approval` flag, after validation and before
 * the handler. When the settings require approval, the validated request is stored and nothing
 * else happens: no upstream call, no change. A granted reveal is claimed here by its maker, only
 * after the maker's step-up passed, and only for the life of this request: runOnGrant spends it
 * when the request succeeds and gives it back when it does not.
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
  const grantMode = approvalMode[action] === "grant";
  if (grantMode) {
    const granted = await findGrant(db, action, actor, intent);
    // No code is asked of a request that cannot use the grant now.
    if (granted?.status === "in_use") throw grantInUse();
    if (granted) {
      await stepUp({ db, actor });
      const claimed = await claimGrant(db, action, actor, granted.id, requestId);
      if (claimed) return { kind: "run", grant: claimed };
      if ((await findApproval({ db, id: granted.id }))?.status === "in_use") throw grantInUse();
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
  // The open request is a grant another request of the maker's claimed or gave back meanwhile: not
  // one to answer as waiting for approval.
  if (grantMode && !kept.created && kept.row.status !== "pending") throw grantInUse();
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

/** The maker's grant for this intent: approved and within its window, or claimed by a request of theirs. */
async function findGrant(
  db: Db,
  action: ApprovalAction,
  actor: StaffMember,
  intent: string,
): Promise<{ id: string; status: string } | undefined> {
  const [granted] = await db
    .select({ id: approvals.id, status: approvals.status })
    .from(approvals)
    .where(
      and(
        eq(approvals.action, action),
        eq(approvals.requestedBy, actor.id),
        eq(approvals.intent, intent),
        or(
          and(eq(approvals.status, "approved" satisfies ApprovalStatus), sql`${approvals.usableUntil} > now()`),
          eq(approvals.status, "in_use" satisfies ApprovalStatus),
        ),
      ),
    )
    .limit(1);
  return granted;
}

function grantInUse(): AppError {
  return fail(
    APPROVAL_HOLD_ERRORS,
    "approval_in_use",
    "Your approval is being used by another of your requests. Try again in a moment: if that request did not succeed, the approval is still yours.",
  );
}

type Outcome = "success" | "failure" | "denied";

function entryOfUse(actor: StaffMember, row: ApprovalRow, requestId: string, outcome: Outcome, extra: Record<string, unknown>): AuditEntry {
  return {
    actor,
    action: "approval.use",
    target: row.target,
    outcome,
    requestId,
    detail: {
      approval_id: row.id,
      approval_action: row.action,
      requested_by: nameOf({ name: row.requestedByName, email: row.requestedByEmail }),
      approved_by: nameOf({ name: row.decidedByName ?? "", email: row.decidedByEmail ?? "" }),
      ...extra,
    },
  };
}

/**
 * Claims the grant for this request, only while its checker could still grant it (active, not
 * reset, in a role that may). One conditional UPDATE: of any number of the maker's requests on any
 * number of instances, one gets it. The claim is committed before the handler runs, so no
 * transaction waits on it, and it lasts GRANT_CLAIM_SECONDS on the database's clock: a request
 * whose instance stopped holds the grant no longer than that. A grant whose checker was disabled,
 * reset or moved since is void: the reveal asks for a new approval.
 */
async function claimGrant(
  db: Db,
  action: ApprovalAction,
  actor: StaffMember,
  grantId: string,
  requestId: string,
): Promise<GrantClaim | undefined> {
  const checkerAble = memberStillAble(approvals.decidedBy, approvalCapability[action]);
  const claimId = randomUUID();
  const row = await claim({
    db,
    id: grantId,
    from: "approved",
    set: { status: "in_use", claimId, claimedUntil: endsIn(GRANT_CLAIM_SECONDS * 1000) },
    onlyIf: checkerAble,
  });
  if (row) return { db, actor, requestId, row, claimId };
  await claimAudited(
    db,
    { id: grantId, from: "approved", set: { status: "expired", finishedAt: sql`now()` }, onlyIf: not(checkerAble) },
    (won) => entryOfUse(actor, won, requestId, "denied", { code: "approver_unable" }),
  );
  return undefined;
}

/**
 * Runs a request on the grant it claimed (or, without one, just runs it). The grant is used up
 * (`executed`, audited `approval.use`) only when the answer is a success; a refusal (a lookup past
 * its 10 minutes) or an error gives it back for the maker's next request, audited as a failed use.
 * The entries `run` gives `auditAnswer` are written only for an answer that is sent: in the
 * transaction that spends the grant, or without one, once `run` answered a success. So the trail
 * never says values were given by an answer that failed or was withheld, and an answer whose
 * entries cannot be written is not sent. No transaction is open while `run` works.
 */
export async function runOnGrant(
  db: Db,
  grant: GrantClaim | undefined,
  run: (auditAnswer: AuditAnswer) => Promise<Response>,
): Promise<Response> {
  const answerEntries = heldAnswerEntries();
  if (!grant) {
    const response = await run(answerEntries.auditAnswer);
    if (response.status < 400) await answerEntries.write(db);
    return response;
  }
  let response: Response;
  try {
    response = await run(answerEntries.auditAnswer);
  } catch (error) {
    await giveBack(grant, isAppError(error) ? { status: error.status, code: error.code } : { status: 500, code: "internal_error" });
    throw error;
  }
  if (response.status >= 400) {
    await giveBack(grant, { status: response.status, code: await codeOf(response) });
    return response;
  }
  let spent: boolean;
  try {
    spent = await spend(grant, response.status, answerEntries);
  } catch (error) {
    // Without its entries the use does not count, and the answer is not sent: the grant is not spent either.
    await giveBack(grant, { status: 500, code: "internal_error" });
    throw error;
  }
  if (!spent) {
    // This request outran its claim and another of the maker's took the grant over: one grant is
    // one answer, so this one is not sent, and its answer's entries are not written.
    await response.body?.cancel().catch(() => undefined);
    await auditFailedUse(grant, { status: 409, code: "approval_in_use", withheld: true });
    throw grantInUse();
  }
  return response;
}

/**
 * Spent by this request, with the answer's entries and its own, while no other request has it:
 * still claimed by this one, or given back after this one outran its claim (`approved`, nobody used
 * it meanwhile). Not when another request of the maker's took it over, or used it up: false then,
 * and nothing is written.
 */
async function spend(
  { db, actor, requestId, row, claimId }: GrantClaim,
  status: number,
  answerEntries: ReturnType<typeof heldAnswerEntries>,
): Promise<boolean> {
  return auditedChange(db, async (tx) => {
    const spent = await tx
      .update(approvals)
      .set({ status: "executed", resultStatus: status, finishedAt: sql`now()`, claimId: null, claimedUntil: null })
      .where(and(eq(approvals.id, row.id), or(eq(approvals.status, "approved" satisfies ApprovalStatus), claimedBy(claimId))))
      .returning({ id: approvals.id });
    if (spent.length === 0) return { result: false, audit: null };
    await answerEntries.write(tx);
    return { result: true, audit: entryOfUse(actor, row, requestId, "success", {}) };
  });
}

/** The grant is in use by this request's claim (a claim that outlived its bound may be another request's now). */
const claimedBy = (claimId: string) => and(eq(approvals.status, "in_use" satisfies ApprovalStatus), grantClaim.heldBy(claimId));

type FailedUse = { status: number; code: string | null; withheld?: boolean };

/** Given back only while this request still holds it. */
async function giveBack(grant: GrantClaim, result: FailedUse): Promise<void> {
  try {
    await grant.db
      .update(approvals)
      .set({ status: "approved", claimId: null, claimedUntil: null })
      .where(and(eq(approvals.id, grant.row.id), claimedBy(grant.claimId)));
  } catch (error) {
    // The request's own error is what its answer reports; the claim's bound gives the grant back.
    log.warn({ err: error, requestId: grant.requestId }, "a grant's claim could not be given back; it frees itself when its time is up");
  }
  await auditFailedUse(grant, result);
}

/** A use of the grant that did not count, with the answer's status and code, and whether the answer was withheld. */
async function auditFailedUse({ db, actor, requestId, row }: GrantClaim, { status, code, withheld }: FailedUse): Promise<void> {
  await writeAuditQuietly({
    db,
    ...entryOfUse(actor, row, requestId, "failure", {
      http_status: status,
      ...(code ? { code } : {}),
      ...(withheld ? { answer_withheld: true } : {}),
    }),
  });
}

async function codeOf(response: Response): Promise<string | null> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown } } | null;
  return typeof body?.error?.code === "string" ? body.error.code : null;
}

export function nameOf(member: { name: string; email: string }): string {
  return `${member.name} <${member.email}>`;
}
