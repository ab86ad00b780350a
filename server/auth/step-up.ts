import "server-only";
import { fail } from "@/lib/contracts/fail";
import { isRole } from "@/lib/permissions";
import { GUARD_ERRORS, STEP_UP_ERRORS, UNAUTHENTICATED_MESSAGE } from "@/lib/contracts/errors";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { isSecondFactorRequired, readSecondFactorPolicy } from "./second-factor-policy";
import { readSessionSecondFactor } from "./second-factor-store";
import { sessionSecondFactor } from "./session-second-factor";
import { sessionIdOf } from "./session-id";
import type { StaffMember } from "./staff-repo";

export const STEP_UP_MESSAGE = "Confirm it is you: enter the current code from your authenticator app.";

/**
 * For sensitive actions, called at the start of the handler: a password session of a member who is
 * enrolled now must have passed a code for the current authenticator within the last 15 minutes, or
 * the action answers 403 `step_up_required` and the page asks for a code, then retries. Sessions
 * that owe no second factor (not enrolled, or single sign-on) pass. 403, not 401: the session is fine.
 */
export async function requireRecentSecondFactor({ db, actor: staff }: { db: Db; actor: StaffMember }): Promise<void> {
  const sessionId = sessionIdOf(staff);
  if (!sessionId) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  const session = await readSessionSecondFactor(db, sessionId);
  if (!session) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  // Judged for the member whose session this is, from their authenticator and role now: enrolled since
  // this session signed in means it owes a code. Not by `staff.role`: an approved action runs as its
  // maker within the checker's session, and the code owed there is the checker's, by the checker's role.
  const role = session.ownerRole;
  const required = !isRole(role) || isSecondFactorRequired(await readSecondFactorPolicy(db), role);
  const owes = sessionSecondFactor(session, session.totpEnrolledAt, required);
  if (owes === "not_required") return;
  if (owes !== "passed") throw fail(STEP_UP_ERRORS, "step_up_required", STEP_UP_MESSAGE);
  // Aged by the database, which wrote the time: with this instance's clock ahead of it, a code just
  // passed would look stale and the member would be asked again and again; behind, an old one fresh.
  const age = session.secondFactorAgeSeconds;
  if (age === null || age > env().stepUpMaxAgeSeconds) throw fail(STEP_UP_ERRORS, "step_up_required", STEP_UP_MESSAGE);
}
