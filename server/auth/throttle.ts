import "server-only";
import { sql } from "drizzle-orm";
import { rows } from "@/server/db/migrate";
import { signInThrottle } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/**
 * Sign-in budgets, taken *before* the password is checked, each in one atomic upsert (the row lock
 * serialises concurrent attempts across connections and instances), so no burst of parallel
 * attempts gets more password checks than the schedule allows — the right password included.
 */
export const THROTTLE_POLICY = {
  /** Attempts per email allowed back to back since its last successful sign-in. */
  freeAttempts: 3,
  /** Longest wait between attempts for one email. */
  maxWaitMs: 15 * 60_000,
  /** A quiet email starts again from zero after this long. */
  emailForgetMs: 24 * 60 * 60_000,
  /** Attempts one client address may make in a window; a successful sign-in gives its attempt back. */
  addressBudget: 50,
  addressWindowMs: 15 * 60_000,
  /** Refused attempts leave one audit entry per email (or address) and minute. */
  auditEveryMs: 60_000,
} as const;

// The statements are SQL rather than the query builder because each decision (count, wait, window)
// is taken inside one upsert under the row lock; they name the table through its schema declaration.

// After the free attempts each further one waits 1 s, 2 s, 4 s … up to 15 minutes after the previous one,
// evaluated in SQL against the row as it is when the lock is held.
const waitSql = (count: unknown) =>
  sql`CASE WHEN ${count} < ${THROTTLE_POLICY.freeAttempts} THEN 0
      ELSE least(${THROTTLE_POLICY.maxWaitMs}, 1000 * power(2, least(${count} - ${THROTTLE_POLICY.freeAttempts}, 30))) END`;

export type Admission = { ok: true; windowStartedAt: Date } | { ok: false; scope: "email" | "address"; retryAfterMs: number };

/**
 * Counts one attempt against the address budget, then against the email's schedule. Refused →
 * nothing is counted (an address attempt taken before an email refusal is given back).
 */
export async function admitAttempt(db: Db, email: string, address: string): Promise<Admission> {
  const addressAdmitted = await takeAddressAttempt(db, address);
  if (!addressAdmitted) return { ok: false, scope: "address", retryAfterMs: await addressRetryAfter(db, address) };
  const emailAdmitted = await takeEmailAttempt(db, email);
  if (!emailAdmitted) {
    await giveBackAddressAttempt(db, address, addressAdmitted);
    return { ok: false, scope: "email", retryAfterMs: await emailRetryAfter(db, email) };
  }
  return { ok: true, windowStartedAt: addressAdmitted };
}

async function takeEmailAttempt(db: Db, email: string): Promise<boolean> {
  return takeScheduledAttempt(db, "email", email);
}

/** Schedules of attempts (3 free, then a doubling wait): per email for passwords, per staff id for second-factor codes. */
export type ScheduleScope = "email" | "totp";

/** Counts one attempt on the key's schedule; false (nothing counted) when it must still wait. */
export async function takeScheduledAttempt(db: Db, scope: ScheduleScope, key: string): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${signInThrottle} AS t (scope, key, count, window_started_at, last_attempt_at)
    VALUES (${scope}, ${key}, 1, now(), now())
    ON CONFLICT (scope, key) DO UPDATE SET
      count = CASE WHEN t.last_attempt_at < now() - make_interval(secs => ${THROTTLE_POLICY.emailForgetMs / 1000}) THEN 1 ELSE t.count + 1 END,
      last_attempt_at = now()
    WHERE t.last_attempt_at < now() - make_interval(secs => ${THROTTLE_POLICY.emailForgetMs / 1000})
       OR t.last_attempt_at + make_interval(secs => (${waitSql(sql`t.count`)}) / 1000.0) <= now()
    RETURNING t.count`);
  return rows(result).length === 1;
}

/** Returns the window the attempt was counted in (needed to give it back), or null when the budget is spent. */
async function takeAddressAttempt(db: Db, address: string): Promise<Date | null> {
  const windowSecs = THROTTLE_POLICY.addressWindowMs / 1000;
  const result = await db.execute(sql`
    INSERT INTO ${signInThrottle} AS t (scope, key, count, window_started_at, last_attempt_at)
    VALUES ('address', ${address}, 1, now(), now())
    ON CONFLICT (scope, key) DO UPDATE SET
      count = CASE WHEN t.window_started_at < now() - make_interval(secs => ${windowSecs}) THEN 1 ELSE t.count + 1 END,
      window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => ${windowSecs}) THEN now() ELSE t.window_started_at END,
      last_attempt_at = now()
    WHERE t.window_started_at < now() - make_interval(secs => ${windowSecs}) OR t.count < ${THROTTLE_POLICY.addressBudget}
    RETURNING t.window_started_at`);
  const [row] = rows<{ window_started_at: string | Date }>(result);
  return row ? new Date(row.window_started_at) : null;
}

async function giveBackAddressAttempt(db: Db, address: string, windowStartedAt: Date): Promise<void> {
  await db.execute(sql`
    UPDATE ${signInThrottle} SET count = greatest(count - 1, 0)
    WHERE scope = 'address' AND key = ${address} AND date_trunc('milliseconds', window_started_at) = ${windowStartedAt.toISOString()}::timestamptz`);
}

async function emailRetryAfter(db: Db, email: string): Promise<number> {
  return scheduledRetryAfter(db, "email", email);
}

export async function scheduledRetryAfter(db: Db, scope: ScheduleScope, key: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT greatest(0, extract(epoch FROM (last_attempt_at + make_interval(secs => (${waitSql(sql`count`)}) / 1000.0) - now())) * 1000)::float8 AS ms
    FROM ${signInThrottle} WHERE scope = ${scope} AND key = ${key}`);
  return Math.ceil(Number(rows<{ ms: number }>(result)[0]?.ms ?? 1000));
}

async function addressRetryAfter(db: Db, address: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT greatest(0, extract(epoch FROM (window_started_at + make_interval(secs => ${THROTTLE_POLICY.addressWindowMs / 1000}) - now())) * 1000)::float8 AS ms
    FROM ${signInThrottle} WHERE scope = 'address' AND key = ${address}`);
  return Math.ceil(Number(rows<{ ms: number }>(result)[0]?.ms ?? THROTTLE_POLICY.addressWindowMs));
}

/** The wait after a failure runs from the end of its password check, not from its start. */
export async function recordFailure(db: Db, email: string): Promise<void> {
  await db.execute(
    sql`UPDATE ${signInThrottle} SET last_attempt_at = greatest(last_attempt_at, now()) WHERE scope = 'email' AND key = ${email}`,
  );
}

/** A successful sign-in clears the email's schedule and gives the address its attempt back. */
export async function recordSuccess(db: Db, email: string, address: string, windowStartedAt: Date): Promise<void> {
  await db.execute(sql`DELETE FROM ${signInThrottle} WHERE scope = 'email' AND key = ${email}`);
  await giveBackAddressAttempt(db, address, windowStartedAt);
}

/**
 * Claims the right to write the audit entry of a refused attempt: true for the first refusal of a
 * key in a minute, false for the rest (which a flood would otherwise turn into a flood of rows).
 */
export async function claimAuditSlot(db: Db, scope: "email" | "address", key: string): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE ${signInThrottle} SET audited_at = now()
    WHERE scope = ${scope} AND key = ${key}
      AND (audited_at IS NULL OR audited_at <= now() - make_interval(secs => ${THROTTLE_POLICY.auditEveryMs / 1000}))
    RETURNING 1 AS claimed`);
  return rows(result).length === 1;
}

/** A correct second-factor code starts the staff member's schedule again. */
export async function clearSchedule(db: Db, scope: ScheduleScope, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM ${signInThrottle} WHERE scope = ${scope} AND key = ${key}`);
}
