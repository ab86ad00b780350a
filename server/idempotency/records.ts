import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isAppError } from "@/lib/errors";
import { idempotencyRecords, type IdempotencyRecordRow } from "@/server/db/schema";
import { defineLease, endsIn, releaseLease, takeLease } from "@/server/db/lease";
import type { Db } from "@/server/db/types";
import { maskSensitiveDeep } from "@/server/privacy";

export type IdempotencyScope = IdempotencyRecordRow["scope"];

/**
 * One intent's key: an `Idempotency-Key` header names an intent of the member who sent it (a
 * colleague's identical key is another intent, with its own claim and upstream call); a credit's
 * sender reference names the credit itself, so it is one per business whoever sends it.
 */
export type IntentKey = { scope: IdempotencyScope; owner: string; key: string };

/** The owner of a business-wide key (a credit reference). */
const BUSINESS_OWNER = "";

export function memberIntent(scope: IdempotencyScope, staffId: string, key: string): IntentKey {
  return { scope, owner: staffId, key };
}

export function businessIntent(scope: IdempotencyScope, key: string): IntentKey {
  return { scope, owner: BUSINESS_OWNER, key };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The process-wide handle, or a transaction when the outcome is saved together with other rows. */
export type DbOrTx = Db | Tx;

/** The answer given to the owner, returned to every replay as the owner was sent it (masked by value). */
export type StoredOutcome = { status: number; body: unknown };

/** The request whose answer a replay repeats, for the replay's audit entry. */
export type OriginalRequest = { requestId: string; staffId: string | null };

export type ClaimResult =
  | { kind: "claimed" }
  | { kind: "replay"; outcome: StoredOutcome; original: OriginalRequest }
  /** Same key, another request body: the caller answers 422 (cards) or 409 (credit references). */
  | { kind: "mismatch" }
  /** The owner is still running after the bounded wait. */
  | { kind: "in_progress" };

export type ClaimOptions = {
  intent: IntentKey;
  fingerprint: string;
  staffId: string | null;
  requestId: string;
  /** How long the owner may take before it is presumed dead; longer than any upstream call. */
  leaseMs: number;
  /** How long the record blocks the key; null = for good. */
  ttlMs: number | null;
  /** How long a replay waits for a running owner before answering in_progress. */
  waitMs: number;
  /** What a replay gets when the owner died mid-call: the upstream may or may not have acted. */
  interrupted: StoredOutcome;
  pollMs?: number;
};

/** SHA-256 of the parts, each length-prefixed so that no two different inputs can collide by concatenation. */
export function fingerprintOf(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:${part};`);
  return hash.digest("hex");
}

/** The request that owns an intent until it answers, held by its request id. */
const ownerLease = defineLease(idempotencyRecords, {
  key: ["scope", "owner", "key"],
  holder: "requestId",
  until: "leaseExpiresAt",
  row: "own",
});

/** The key is no longer kept (a card key after its 24 hours): a new request may take it. */
const keyExpired = sql<boolean>`(${idempotencyRecords.expiresAt} IS NOT NULL AND ${idempotencyRecords.expiresAt} < now())`;
const sleep = (delay: number) => new Promise<void>((resolve) => setTimeout(resolve, delay));

/**
 * Makes this request the owner of the key, or tells what the first request with it got. One
 * INSERT … ON CONFLICT decides the owner atomically (an expired record is taken over in the same
 * statement); nothing is held open while the owner calls the upstream.
 */
export async function claimKey(db: Db, options: ClaimOptions): Promise<ClaimResult> {
  const { intent, fingerprint, staffId, requestId } = options;
  const waitUntil = Date.now() + options.waitMs;
  let delay = options.pollMs ?? 50;
  let tryInsert = true;
  for (;;) {
    if (tryInsert) {
      const values = {
        ...intent,
        fingerprint,
        state: "in_progress" as const,
        responseStatus: null,
        responseBody: null,
        staffId,
        createdAt: sql`now()`,
        expiresAt: options.ttlMs === null ? null : endsIn(options.ttlMs),
        completedAt: null,
      };
      // A record outlives its lease (it keeps the answer): it is replaced only once its key is no longer kept.
      if (await takeLease(db, ownerLease, { values, token: requestId, ms: options.leaseMs, replace: { when: keyExpired } }))
        return { kind: "claimed" };
      tryInsert = false;
    }

    // Waiters only read (a cheap primary-key lookup, backing off): PGlite runs on the app's own thread.
    const [row] = await db
      .select({
        fingerprint: idempotencyRecords.fingerprint,
        state: idempotencyRecords.state,
        status: idempotencyRecords.responseStatus,
        body: idempotencyRecords.responseBody,
        requestId: idempotencyRecords.requestId,
        staffId: idempotencyRecords.staffId,
        leaseOver: ownerLease.over,
        expired: keyExpired,
      })
      .from(idempotencyRecords)
      .where(keyIs(intent));
    // Released (the owner was refused before the upstream) or expired meanwhile: claim it again.
    if (!row || row.expired) {
      tryInsert = true;
      continue;
    }
    if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
    if (row.state === "completed") {
      const outcome = { status: row.status ?? 500, body: row.body === null ? null : (JSON.parse(row.body) as unknown) };
      return { kind: "replay", outcome, original: { requestId: row.requestId, staffId: row.staffId } };
    }
    if (row.leaseOver) {
      // The owner died mid-call: its outcome is unknown, and that becomes the key's answer for good.
      await completeKey(db, intent, row.requestId, options.interrupted);
      continue;
    }
    if (Date.now() >= waitUntil) return { kind: "in_progress" };
    await sleep(delay);
    delay = Math.min(delay * 1.5, 500);
  }
}

const keyIs = (intent: IntentKey) =>
  and(eq(idempotencyRecords.scope, intent.scope), eq(idempotencyRecords.owner, intent.owner), eq(idempotencyRecords.key, intent.key));

const inProgress = eq(idempotencyRecords.state, "in_progress");

/** The key's row while this request still owns it and has not answered. */
const ownedInProgress = (intent: IntentKey, requestId: string) => and(keyIs(intent), ownerLease.heldBy(requestId), inProgress);

/**
 * Records the owner's answer; a no-op for anyone who is not (or no longer) the owner. The answer is
 * kept as the route sends it, masked by value as "typed" (a card number, BVN or CVV the upstream put
 * in it is never at rest here, and some keys are kept for good): masking the masked text changes
 * nothing, so a replay still sends what the first answer sent. "typed" leaves an answer's quantities
 * numbers (none reaches a card number's 13 digits, see upstreamNumber), so the replay still meets
 * its contract.
 */
export async function completeKey(db: DbOrTx, intent: IntentKey, requestId: string, outcome: StoredOutcome): Promise<void> {
  const body = maskedAnswer(outcome.body);
  await db
    .update(idempotencyRecords)
    .set({ state: "completed", responseStatus: outcome.status, responseBody: body, completedAt: sql`now()` })
    .where(ownedInProgress(intent, requestId));
}

/** An answer's body as `response_body` keeps it (see completeKey): JSON text, masked by value as "typed". */
export function maskedAnswer(body: unknown): string {
  return JSON.stringify(maskSensitiveDeep(body, "typed"));
}

/**
 * A `response_body` as completeKey would store it now: the same rule applied to what is stored
 * (server/ops/mask-rows-at-rest.ts rewrites the rows stored before the masking). A masked body
 * comes back as it is. Throws on text that is not JSON (never written by completeKey).
 */
export function maskedStoredAnswer(stored: string): string {
  return maskedAnswer(JSON.parse(stored) as unknown);
}

/** Frees the key when the request was refused before any upstream call, so that nothing is remembered. */
export async function releaseKey(db: DbOrTx, intent: IntentKey, requestId: string): Promise<void> {
  await releaseLease(db, ownerLease, { where: keyIs(intent), token: requestId, also: inProgress });
}

/** Housekeeping: expired card keys are dead weight (a new request would overwrite them anyway). */
export async function purgeExpiredKeys(db: Db): Promise<void> {
  await db.delete(idempotencyRecords).where(keyExpired);
}

/**
 * Upstream failures after which the operation may or may not have happened: the request may have
 * been processed before the answer was lost. Any other upstream error is a definite refusal.
 */
const OUTCOME_UNKNOWN_CODES: ReadonlySet<string> = new Set([
  "upstream_timeout",
  "upstream_unreachable",
  "upstream_invalid_response",
  "upstream_error",
  "upstream_unavailable",
  "upstream_redirected",
]);

export function outcomeUnknownAfter(error: unknown): boolean {
  return !isAppError(error) || OUTCOME_UNKNOWN_CODES.has(error.code);
}

/** The stored answer of an intent whose outcome is not known: replayed for its key, never retried. */
export function unknownOutcome(status: number, code: string, message: string): StoredOutcome {
  return { status, body: { error: { code, message } } };
}
