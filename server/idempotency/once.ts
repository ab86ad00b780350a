import "server-only";
import { type AppError, isAppError } from "@/lib/errors";
import type { AuditActor } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import { trackIntent } from "@/server/ops/in-flight";
import { Reply } from "@/server/reply";
import { refusedUnsent } from "@/server/upstream/circuit-breaker";
import {
  claimKey,
  completeKey,
  type DbOrTx,
  type IntentKey,
  type OriginalRequest,
  outcomeUnknownAfter,
  releaseKey,
  type StoredOutcome,
} from "./records";
import { auditReplay, type ReplayedAction } from "./replay-audit";

/**
 * The deadlines of one intent, all derived here from the upstream client's timeout (one call ends
 * within it, retries included): the owner's lease outlives any call it can make, so a live owner is
 * never taken for dead; a repeat waits as long as one call for the owner's answer before it is told
 * the request is still in progress.
 */
export function intentDeadlines(upstreamTimeoutMs: number): { leaseMs: number; waitMs: number } {
  return { leaseMs: upstreamTimeoutMs * 2 + 5_000, waitMs: upstreamTimeoutMs + 2_000 };
}

/** Why an intent's outcome is unknown: each becomes the sentence before the service's own advice. */
export type UnknownReason = "interrupted" | "stopping" | "unconfirmed";

/** What the upstream call came to, as the service's own rows record it. */
export type Settled<E> =
  /** The upstream answered (its effect, as the service describes it). */
  | { kind: "answered"; effect: E }
  /** The upstream refused for certain: nothing happened. */
  | { kind: "refused" }
  /** The call was never sent (an open circuit breaker): nothing happened and the key is free again. */
  | { kind: "unsent" }
  /** The upstream may or may not have acted: a timeout, a lost answer, the instance stopping. */
  | { kind: "unknown" };

/** The upstream's success, as the owner stores it (replayed unchanged) and audits it. */
export type Answered<E> = {
  outcome: StoredOutcome;
  effect: E;
  audit: { outcome: "success" | "failure"; detail: Record<string, unknown> };
};

export type Once<E> = {
  db: Db;
  actor: AuditActor & { id: string };
  requestId: string;
  /** The action the replays are audited under (`….replay`), and what they name as target. */
  action: ReplayedAction;
  target: string;
  intent: IntentKey;
  /** What makes a repeat the same request (fingerprintOf); another one with the same key is refused. */
  fingerprint: string;
  /** The upstream client's timeout; every deadline is derived from it (intentDeadlines). */
  upstreamTimeoutMs: number;
  /** How long the record blocks the key; null = for good. */
  ttlMs: number | null;
  /** The stored answer when the outcome is unknown (the service's code and advice after `why`). */
  unknown: (status: number, reason: UnknownReason) => StoredOutcome;
  /** The refusals of a repeat: another request under the same key, or the owner still running. */
  refuse: { mismatch: () => AppError; inProgress: () => AppError };
  /** The service's own audit entry under its action (the replay's is written here). */
  audit: (outcome: "success" | "failure", detail: Record<string, unknown>) => Promise<void>;
  /** What a replay's audit entry names besides the original request (a card id, a transaction id). */
  replayDetail: (outcome: StoredOutcome) => Record<string, unknown>;
  /**
   * The owner's own checks before the upstream call (the card's per-customer claim); a throw
   * releases the key, so nothing is remembered of a request refused before anything was sent.
   */
  prepare?: (deadlines: { leaseMs: number }) => Promise<void>;
  /** The one upstream call, and what its answer is as stored outcome, effect and audit entry. */
  send: () => Promise<Answered<E>>;
  /** Rows of the service saved in the same transaction as the outcome (the card's issuance). */
  save?: (tx: DbOrTx, settled: Settled<E>) => Promise<void>;
};

/** The sentences before the service's advice, one per reason; the service names what it sends. */
export function unknownWhy(reason: UnknownReason, what: { key: string; thing: string }): string {
  switch (reason) {
    case "interrupted":
      return `The first request with this ${what.key} was interrupted before the payments API answered.`;
    case "stopping":
      return "The back-office was stopping before the payments API answered.";
    case "unconfirmed":
      return `The payments API did not confirm the ${what.thing}.`;
  }
}

/**
 * Runs one intent at most once, on every instance together: claim the key (one INSERT decides the
 * owner; nothing is held open while the owner calls the upstream), or wait for the owner and replay
 * its stored answer (audited as a replay, `Idempotent-Replayed: true`); refuse another request under
 * the same key or an owner still running; then the owner's call, whose outcome is stored with the
 * key, together with the service's rows. An upstream failure after which the upstream may have
 * acted, an owner that died mid-call or an instance stopping mid-call store the outcome-unknown
 * answer, replayed for good: the intent is never sent twice. A call refused before anything was
 * sent frees the key.
 */
export async function runOnce<E>(spec: Once<E>): Promise<Reply<unknown>> {
  const { db, intent, requestId } = spec;
  const { leaseMs, waitMs } = intentDeadlines(spec.upstreamTimeoutMs);
  const claim = await claimKey(db, {
    intent,
    fingerprint: spec.fingerprint,
    staffId: spec.actor.id,
    requestId,
    leaseMs,
    ttlMs: spec.ttlMs,
    waitMs,
    interrupted: spec.unknown(502, "interrupted"),
  });
  if (claim.kind === "replay") return replay(spec, claim.outcome, claim.original);
  if (claim.kind === "mismatch" || claim.kind === "in_progress") {
    const refusal = claim.kind === "mismatch" ? spec.refuse.mismatch() : spec.refuse.inProgress();
    await spec.audit("failure", { code: refusal.code });
    throw refusal;
  }

  if (spec.prepare) {
    try {
      await spec.prepare({ leaseMs });
    } catch (error) {
      await releaseKey(db, intent, requestId);
      throw error;
    }
  }

  const finish = (outcome: StoredOutcome, settled: Settled<E>) =>
    db.transaction(async (tx) => {
      await spec.save?.(tx, settled);
      await completeKey(tx, intent, requestId, outcome);
    });

  // If the instance stops before the API answers, shutdown records the intent as unknown (it may have happened).
  const stoppedOutcome = spec.unknown(502, "stopping");
  const stopped = new Reply(stoppedOutcome.status, stoppedOutcome.body);
  const inFlight = trackIntent(async () => {
    await finish(stoppedOutcome, { kind: "unknown" });
    await spec.audit("failure", { code: codeOf(stoppedOutcome), outcome: "unknown", reason: "shutdown" });
  });
  try {
    let outcome: StoredOutcome;
    let settled: Settled<E>;
    let audit: Answered<E>["audit"];
    try {
      const answered = await spec.send();
      if (!inFlight.answered()) return stopped;
      ({ outcome } = answered);
      settled = { kind: "answered", effect: answered.effect };
      audit = answered.audit;
    } catch (error) {
      if (!inFlight.answered()) return stopped;
      if (refusedUnsent(error)) {
        // The breaker refused before anything was sent: nothing can have happened, so nothing is remembered.
        await db.transaction(async (tx) => {
          await spec.save?.(tx, { kind: "unsent" });
          await releaseKey(tx, intent, requestId);
        });
        await spec.audit("failure", { code: isAppError(error) ? error.code : "upstream_unavailable", sent: false });
        throw error;
      }
      if (isAppError(error) && !outcomeUnknownAfter(error)) {
        outcome = { status: error.status, body: error.toEnvelope() };
        settled = { kind: "refused" };
        audit = { outcome: "failure", detail: { http_status: error.status, code: error.code } };
      } else {
        const status = isAppError(error) ? error.status : 502;
        outcome = spec.unknown(status, "unconfirmed");
        settled = { kind: "unknown" };
        audit = {
          outcome: "failure",
          detail: { http_status: status, code: isAppError(error) ? error.code : "unexpected", outcome: "unknown" },
        };
      }
    }
    await finish(outcome, settled);
    await spec.audit(audit.outcome, audit.detail);
    return new Reply(outcome.status, outcome.body);
  } finally {
    inFlight.done();
  }
}

async function replay<E>(spec: Once<E>, outcome: StoredOutcome, original: OriginalRequest): Promise<Reply<unknown>> {
  await auditReplay({
    db: spec.db,
    actor: spec.actor,
    action: spec.action,
    target: spec.target,
    requestId: spec.requestId,
    original,
    outcome,
    detail: spec.replayDetail(outcome),
  });
  return new Reply(outcome.status, outcome.body, { "Idempotent-Replayed": "true" });
}

/** The envelope code of a stored failure (for the audit entry of the outcome it records). */
function codeOf(outcome: StoredOutcome): string | undefined {
  const error = (outcome.body as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : undefined;
}
