import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/types";
import { signInFailures } from "@/server/db/schema";

/** Failures allowed back to back before each further attempt must wait. */
export const FREE_FAILURES = 3;
export const MAX_WAIT_MS = 15 * 60_000;

/** After the free failures, the wait doubles with each failure: 1 s, 2 s, 4 s … up to 15 minutes. */
export function waitAfterFailures(count: number): number {
  if (count < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** (count - FREE_FAILURES));
}

/** Milliseconds the account must still wait before another attempt (0 = may try now). */
export async function remainingWaitMs(db: Db, email: string, now = Date.now()): Promise<number> {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email)).limit(1);
  if (!row) return 0;
  return Math.max(0, row.lastFailedAt.getTime() + waitAfterFailures(row.count) - now);
}

export async function recordFailure(db: Db, email: string): Promise<void> {
  await db
    .insert(signInFailures)
    .values({ email, count: 1, lastFailedAt: new Date() })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: { count: sql`${signInFailures.count} + 1`, lastFailedAt: new Date() },
    });
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
