import "server-only";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { securitySettings, staff, staffSessions, staffTotp, type StaffRow, type StaffSessionRow } from "@/server/db/schema";
import { plannedOnce } from "@/server/db/planned-once";
import type { Db } from "@/server/db/types";
import { isUuid } from "@/lib/route-params";
import { writeGeneration } from "@/server/db/write-generation";
import { isSecondFactorRequired, policyOf } from "./second-factor-policy";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_SECONDS } from "./session-policy";

/** How stale `last_seen_at` may get before a request refreshes it: one write a minute, not one per request. */
const TOUCH_AFTER_MS = 60_000;
// A session unseen for longer than the idle timeout (plus the touch interval) has an expired cookie:
// it is dead, whether or not anyone signed it out.
const IDLE_LIMIT_MS = IDLE_TIMEOUT_SECONDS * 1000 + TOUCH_AFTER_MS;

function alive() {
  return and(
    isNull(staffSessions.revokedAt),
    gt(staffSessions.lastSeenAt, sql`now() - make_interval(secs => ${IDLE_LIMIT_MS / 1000})`),
    gt(staffSessions.createdAt, sql`now() - make_interval(secs => ${ABSOLUTE_TIMEOUT_MS / 1000})`),
  );
}

export function isSessionId(value: unknown): value is string {
  return isUuid(value);
}

/**
 * `secondFactor`: what the session owes at its start (see second-factor-policy.ts); `signInMethod`:
 * how it signed in, which decides what it owes later (see session-second-factor.ts).
 */
export async function createSession(
  db: Db,
  staffId: string,
  client: { userAgent: string; address: string },
  secondFactor: StaffSessionRow["secondFactor"] = "not_required",
  signInMethod: StaffSessionRow["signInMethod"] = "password",
): Promise<string> {
  const [row] = await db
    .insert(staffSessions)
    .values({ staffId, userAgent: client.userAgent.slice(0, 300), address: client.address.slice(0, 64), secondFactor, signInMethod })
    .returning({ id: staffSessions.id });
  return row!.id;
}

/** Records that a session was opened by a sign-in at the identity provider (before its cookie exists). */
export async function markSingleSignOn(db: Db, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ signInMethod: "sso", secondFactor: "not_required" }).where(eq(staffSessions.id, sessionId));
}

// Whether `last_seen_at` is due its refresh is the database's answer: it wrote the time, and an
// instance whose clock runs behind it would otherwise leave an active session to die idle.
const touchDue = sql<boolean>`${staffSessions.lastSeenAt} <= now() - make_interval(secs => ${TOUCH_AFTER_MS / 1000})`;

// Every request reads its session: the query is parsed and planned once per database (and, on
// node-postgres, per connection), not once per request. `now()` is evaluated at each run.
// The member's authenticator and the two-factor policy come along: what the session owes is judged
// from them at every request, so a member promoted into a role that requires two-factor, or a policy
// tightened, takes effect at the next request rather than at the next sign-in.
const openSessionQuery = plannedOnce(
  "open_staff_session",
  { session: staffSessions, staff, totp: staffTotp, settings: securitySettings, touchDue },
  (db) =>
    db
      .select({ session: staffSessions, staff, totp: staffTotp, settings: securitySettings, touchDue })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .leftJoin(staffTotp, eq(staffTotp.staffId, staffSessions.staffId))
      .leftJoin(securitySettings, eq(securitySettings.id, sql`1`))
      .where(and(eq(staffSessions.id, sql.placeholder("id")), alive()))
      .limit(1),
);

/**
 * `totpEnrolledAt`: when the member's current authenticator was confirmed; null when they have none.
 * `secondFactorRequired`: whether the policy requires two-factor of the member's role now.
 */
export type OpenSession = { session: StaffSessionRow; staff: StaffRow; totpEnrolledAt: Date | null; secondFactorRequired: boolean };

/** Open sessions read since the last write, per in-process database (see `recentlyRead`). */
const readSinceLastWrite = new WeakMap<Db, { generation: number; sessions: Map<string, OpenSession> }>();
/** A bound on what is kept: past it the map starts again (a miss costs one read, nothing else). */
const MAX_REMEMBERED = 10_000;

/**
 * The session as read earlier, when nothing has been written to the database since and it is still
 * within its idle and absolute limits by the clock; undefined otherwise (read it).
 *
 * Only on the in-process database, where every write is counted (server/db/write-generation.ts):
 * a sign-out, a revoked session, a disabled account or a changed role is a write, so it still takes
 * effect at the very next request. On PostgreSQL another instance may write at any moment, so
 * every request reads.
 */
function recentlyRead(db: Db, sessionId: string, now: number): OpenSession | undefined {
  const generation = writeGeneration(db);
  const kept = readSinceLastWrite.get(db);
  if (generation === null || !kept || kept.generation !== generation) return undefined;
  const found = kept.sessions.get(sessionId);
  if (!found || found.session.revokedAt) return undefined;
  if (found.session.lastSeenAt.getTime() <= now - IDLE_LIMIT_MS || found.session.createdAt.getTime() <= now - ABSOLUTE_TIMEOUT_MS)
    return undefined;
  return found;
}

/** Keeps a session read while the write count stood at `generation` (unchanged across the read). */
function remember(db: Db, generation: number | null, sessionId: string, found: OpenSession): void {
  if (generation === null || writeGeneration(db) !== generation) return;
  let kept = readSinceLastWrite.get(db);
  if (!kept || kept.generation !== generation || kept.sessions.size >= MAX_REMEMBERED) {
    readSinceLastWrite.set(db, (kept = { generation, sessions: new Map() }));
  }
  kept.sessions.set(sessionId, found);
}

/**
 * The session and its account when the session is open (not ended), in one query; null otherwise.
 * Refreshes `last_seen_at` when it is more than a minute old.
 */
export async function openSession(db: Db, sessionId: unknown): Promise<OpenSession | null> {
  if (!isSessionId(sessionId)) return null;
  let found = recentlyRead(db, sessionId, Date.now());
  let touch: boolean;
  // A kept session is only ever on the in-process database, whose now() is this process's clock.
  if (found) touch = Date.now() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS;
  else {
    const generation = writeGeneration(db);
    const [row] = await openSessionQuery(db, { id: sessionId });
    if (!row) return null;
    // A left join without a match is null on node-postgres and a row of nulls from the planned statement on PGlite.
    found = {
      session: row.session,
      staff: row.staff,
      totpEnrolledAt: (row.totp as { enrolledAt?: Date | null } | null)?.enrolledAt ?? null,
      secondFactorRequired: isSecondFactorRequired(policyOf(row.settings), row.staff.role),
    };
    touch = row.touchDue;
    remember(db, generation, sessionId, found);
  }
  // The database's now(), the clock alive() judges it by. A disabled member's session is refused
  // by the caller and kept idle here, so it does not stay fresh while the account is disabled.
  if (touch && found.staff.status === "active")
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(staffSessions.id, sessionId));
  return found;
}

export async function listOpenSessions(db: Db, staffId: string): Promise<StaffSessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), alive()))
    .orderBy(desc(staffSessions.lastSeenAt));
}

/** Ends one session of one staff member; false when it was not theirs or had already ended. */
export async function revokeSession(db: Db, staffId: string, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return ended.length === 1;
}

/** Ends every open session of a staff member, except `keep` (the caller's own) when given; returns how many. */
export async function revokeAllSessions(db: Db, staffId: string, keep?: string): Promise<number> {
  const where = keep
    ? and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), ne(staffSessions.id, keep))
    : and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt));
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(where)
    .returning({ id: staffSessions.id });
  return ended.length;
}
