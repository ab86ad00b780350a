import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
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

// Each decision (count, wait, window) is taken inside one upsert or update under the row lock: the
// conditions are SQL fragments over the table's columns, evaluated against the row as it is when
// the lock is held. A column named inside ON CONFLICT DO UPDATE is the existing row's.
const t = signInThrottle;
const EMAIL_FORGET_SECS = THROTTLE_POLICY.emailForgetMs / 1000;
const ADDRESS_WINDOW_SECS = THROTTLE_POLICY.addressWindowMs / 1000;
const AUDIT_EVERY_SECS = THROTTLE_POLICY.auditEveryMs / 1000;

// After the free attempts each further one waits 1 s, 2 s, 4 s … up to 15 minutes after the previous one.
const waitSql = (count: unknown) =>
  sql`CASE WHEN ${count} < ${THROTTLE_POLICY.freeAttempts} THEN 0
      ELSE least(${THROTTLE_POLICY.maxWaitMs}, 1000 * power(2, least(${count} - ${THROTTLE_POLICY.freeAttempts}, 30))) END`;

/** The key's last attempt is so old that its schedule starts again. */
const forgotten = sql`${t.lastAttemptAt} < now() - make_interval(secs => ${EMAIL_FORGET_SECS})`;
/** The address's window has passed: its budget starts again. */
const windowOver = sql`${t.windowStartedAt} < now() - make_interval(secs => ${ADDRESS_WINDOW_SECS})`;
const keyIs = (scope: "email" | "address" | ScheduleScope, key: string) => and(eq(t.scope, scope), eq(t.key, key));

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
  const taken = await db
    .insert(t)
    .values({ scope, key, count: 1, windowStartedAt: sql`now()`, lastAttemptAt: sql`now()` })
    .onConflictDoUpdate({
      target: [t.scope, t.key],
      set: { count: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${t.count} + 1 END`, lastAttemptAt: sql`now()` },
      setWhere: sql`${forgotten} OR ${t.lastAttemptAt} + make_interval(secs => (${waitSql(t.count)}) / 1000.0) <= now()`,
    })
    .returning({ count: t.count });
  return taken.length === 1;
}

/** Returns the window the attempt was counted in (needed to give it back), or null when the budget is spent. */
async function takeAddressAttempt(db: Db, address: string): Promise<Date | null> {
  const [row] = await db
    .insert(t)
    .values({ scope: "address", key: address, count: 1, windowStartedAt: sql`now()`, lastAttemptAt: sql`now()` })
    .onConflictDoUpdate({
      target: [t.scope, t.key],
      set: {
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${t.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN now() ELSE ${t.windowStartedAt} END`,
        lastAttemptAt: sql`now()`,
      },
      setWhere: sql`${windowOver} OR ${t.count} < ${THROTTLE_POLICY.addressBudget}`,
    })
    .returning({ windowStartedAt: t.windowStartedAt });
  return row ? new Date(row.windowStartedAt) : null;
}

async function giveBackAddressAttempt(db: Db, address: string, windowStartedAt: Date): Promise<void> {
  await db
    .update(t)
    .set({ count: sql`greatest(${t.count} - 1, 0)` })
    .where(
      and(keyIs("address", address), sql`date_trunc('milliseconds', ${t.windowStartedAt}) = ${windowStartedAt.toISOString()}::timestamptz`),
    );
}

async function emailRetryAfter(db: Db, email: string): Promise<number> {
  return scheduledRetryAfter(db, "email", email);
}

export async function scheduledRetryAfter(db: Db, scope: ScheduleScope, key: string): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`greatest(0, extract(epoch FROM (${t.lastAttemptAt} + make_interval(secs => (${waitSql(t.count)}) / 1000.0) - now())) * 1000)::float8`,
    })
    .from(t)
    .where(keyIs(scope, key));
  return Math.ceil(Number(row?.ms ?? 1000));
}

async function addressRetryAfter(db: Db, address: string): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`greatest(0, extract(epoch FROM (${t.windowStartedAt} + make_interval(secs => ${ADDRESS_WINDOW_SECS}) - now())) * 1000)::float8`,
    })
    .from(t)
    .where(keyIs("address", address));
  return Math.ceil(Number(row?.ms ?? THROTTLE_POLICY.addressWindowMs));
}

/** The wait after a failure runs from the end of its password check, not from its start. */
export async function recordFailure(db: Db, email: string): Promise<void> {
  await db
    .update(t)
    .set({ lastAttemptAt: sql`greatest(${t.lastAttemptAt}, now())` })
    .where(keyIs("email", email));
}

/** A successful sign-in clears the email's schedule and gives the address its attempt back. */
export async function recordSuccess(db: Db, email: string, address: string, windowStartedAt: Date): Promise<void> {
  await db.delete(t).where(keyIs("email", email));
  await giveBackAddressAttempt(db, address, windowStartedAt);
}

/**
 * Claims the right to write the audit entry of a refused attempt: true for the first refusal of a
 * key in a minute, false for the rest (which a flood would otherwise turn into a flood of rows).
 */
export async function claimAuditSlot(db: Db, scope: "email" | "address", key: string): Promise<boolean> {
  const claimed = await db
    .update(t)
    .set({ auditedAt: sql`now()` })
    .where(and(keyIs(scope, key), or(isNull(t.auditedAt), sql`${t.auditedAt} <= now() - make_interval(secs => ${AUDIT_EVERY_SECS})`)))
    .returning({ key: t.key });
  return claimed.length === 1;
}

/** A correct second-factor code starts the staff member's schedule again. */
export async function clearSchedule(db: Db, scope: ScheduleScope, key: string): Promise<void> {
  await db.delete(t).where(keyIs(scope, key));
}
