import "server-only";
import { cache } from "react";
import type { Db } from "@/server/db/types";
import type { StaffSessionRow } from "@/server/db/schema";
import { currentSessionClaims } from "./session-cookie";
import { sessionSecondFactor } from "./session-second-factor";
import { openSession } from "./session-store";
import { toMember, type StaffMember } from "./staff-repo";

/** A staff member with the server-side session a request came with. */
export type SessionStaff = StaffMember & { sessionId: string };
export type SignedInStaff = SessionStaff & { mustChangePassword: boolean };

/** A session whose first factor was accepted, with where it stands on the second factor now. */
export type SignIn = { staff: SignedInStaff; secondFactor: StaffSessionRow["secondFactor"]; secondFactorAt: Date | null };

/**
 * The signed-in staff member of the cookie's server-side session, whether or not the second factor
 * is done yet; checked against the database on every call, so a signed-out or ended session, a
 * disabled account or a changed role takes effect at the very next request, whatever the cookie says.
 * The idle and 12-hour limits are the session row's, on the database's clock (see openSession); the
 * cookie carries no time of its own to judge them by.
 * One cookie decryption and one indexed read (session joined to its account) per request; on the
 * in-process database the read is skipped while nothing at all has been written since the last one
 * (see openSession). React's `cache` shares the answer between the layout and the page of one render.
 */
export const currentSignIn = cache(async function currentSignIn(db: Db): Promise<SignIn | null> {
  const session = await currentSessionClaims();
  if (!session?.staffId) return null;
  const open = await openSession(db, session.sid);
  if (!open || open.staff.id !== session.staffId || open.staff.status !== "active") return null;
  // A session from before the account was last disabled (or reset) stays dead after it is re-enabled.
  // Both times are the database's: the session row's creation and the change's now(), never an
  // instance's own clock, which another instance's (or the CLI host's) need not match.
  if (open.staff.sessionsValidAfter && open.session.createdAt.getTime() < open.staff.sessionsValidAfter.getTime()) return null;
  return {
    staff: { ...toMember(open.staff), sessionId: open.session.id, mustChangePassword: open.staff.mustChangePassword },
    secondFactor: sessionSecondFactor(open.session, open.totpEnrolledAt, open.secondFactorRequired),
    secondFactorAt: open.session.secondFactorAt,
  };
});

/** Whether a session may use the app: its second factor passed, or none was asked of it. */
export function isSessionUsable(signIn: Pick<SignIn, "secondFactor">): boolean {
  return signIn.secondFactor === "passed" || signIn.secondFactor === "not_required";
}

/**
 * The staff member of a usable session; null for none, and for one still owing its second factor
 * (the API answers 401, pages go to the second-factor page: see page() in server/http/page.ts).
 */
export async function currentStaff(db: Db): Promise<SignedInStaff | null> {
  const signIn = await currentSignIn(db);
  return signIn && isSessionUsable(signIn) ? signIn.staff : null;
}
