import "server-only";
import { and, eq, isNotNull, isNull, lt, or, sql, type AnyColumn } from "drizzle-orm";
import { staff, staffSessions, staffTotp, type StaffSessionRow, type StaffTotpRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

export async function findTotp(db: Db, staffId: string): Promise<StaffTotpRow | undefined> {
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.staffId, staffId)).limit(1);
  return row;
}

export async function isEnrolled(db: Db, staffId: string): Promise<boolean> {
  return Boolean((await findTotp(db, staffId))?.enrolledAt);
}

/** Stores a new, unconfirmed secret; false when the member is already enrolled (that one is kept). */
export async function savePendingSecret(db: Db, staffId: string, secretBox: string): Promise<boolean> {
  const saved = await db
    .insert(staffTotp)
    .values({ staffId, secretBox })
    .onConflictDoUpdate({
      target: staffTotp.staffId,
      set: { secretBox, createdAt: sql`now()`, lastStep: null },
      setWhere: isNull(staffTotp.enrolledAt),
    })
    .returning({ staffId: staffTotp.staffId });
  return saved.length === 1;
}

/** Confirms the pending secret with the step of its first code; false when another request did first. */
export async function markEnrolled(db: Db, staffId: string, secretBox: string, step: number): Promise<boolean> {
  const done = await db
    .update(staffTotp)
    .set({ enrolledAt: sql`now()`, lastStep: step })
    .where(and(eq(staffTotp.staffId, staffId), isNull(staffTotp.enrolledAt), eq(staffTotp.secretBox, secretBox)))
    .returning({ staffId: staffTotp.staffId });
  return done.length === 1;
}

/**
 * Records an accepted code's time step, only if it is later than the last one: of two requests
 * carrying the same code (or a replay), exactly one gets true.
 */
export async function acceptStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const done = await db
    .update(staffTotp)
    .set({ lastStep: step })
    .where(
      and(eq(staffTotp.staffId, staffId), isNotNull(staffTotp.enrolledAt), or(isNull(staffTotp.lastStep), lt(staffTotp.lastStep, step))),
    )
    .returning({ staffId: staffTotp.staffId });
  return done.length === 1;
}

export async function removeTotp(db: Db, staffId: string): Promise<void> {
  await db.delete(staffTotp).where(eq(staffTotp.staffId, staffId));
}

export async function enrolledStaffIds(db: Db): Promise<string[]> {
  const found = await db.select({ staffId: staffTotp.staffId }).from(staffTotp).where(isNotNull(staffTotp.enrolledAt));
  return found.map((r) => r.staffId);
}

/** Marks a session's second factor as just passed (sign-in, enrolment or step-up). */
export async function markSecondFactorPassed(db: Db, sessionId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ secondFactor: "passed", secondFactorAt: sql`now()` })
    .where(eq(staffSessions.id, sessionId));
}

/**
 * A session's own second-factor fields with the member's current authenticator (see session-second-factor.ts).
 * `secondFactorAgeSeconds` (null when no code was ever passed) and `signInAgeSeconds`: how long ago,
 * by the database's clock, which wrote both times; an instance's own clock may be minutes off it.
 */
export type SessionFactorsRow = Pick<StaffSessionRow, "secondFactor" | "secondFactorAt" | "signInMethod" | "createdAt"> & {
  /** The role the session's own member holds now. */
  ownerRole: string;
  totpEnrolledAt: Date | null;
  secondFactorAgeSeconds: number | null;
  signInAgeSeconds: number;
};

const secondsSince = (at: AnyColumn) => sql<number>`extract(epoch from now() - ${at})`.mapWith(Number);

export async function readSessionSecondFactor(db: Db, sessionId: string): Promise<SessionFactorsRow | undefined> {
  const [row] = await db
    .select({
      secondFactor: staffSessions.secondFactor,
      secondFactorAt: staffSessions.secondFactorAt,
      signInMethod: staffSessions.signInMethod,
      createdAt: staffSessions.createdAt,
      ownerRole: staff.role,
      totpEnrolledAt: staffTotp.enrolledAt,
      secondFactorAgeSeconds: secondsSince(staffSessions.secondFactorAt),
      signInAgeSeconds: secondsSince(staffSessions.createdAt),
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .leftJoin(staffTotp, eq(staffTotp.staffId, staffSessions.staffId))
    .where(eq(staffSessions.id, sessionId))
    .limit(1);
  return row;
}
