import "server-only";
import { AppError, errors } from "@/lib/errors";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { readSessionSecondFactor } from "./second-factor-store";
import { sessionIdOf } from "./session-id";
import type { StaffMember } from "./staff-repo";

export const STEP_UP_MESSAGE = "Confirm it is you: enter the current code from your authenticator app.";

/**
 * For sensitive actions, called at the start of the handler: a session that passed a second factor
 * (a password sign-in of an enrolled member) must have passed it within the last 15 minutes, or the
 * action answers 403 `step_up_required` and the page asks for a code, then retries. Sessions that
 * owe no second factor (not enrolled, or single sign-on) pass. 403, not 401: the session is fine.
 */
export async function requireRecentSecondFactor(staff: StaffMember, nowMs = Date.now()): Promise<void> {
  const sessionId = sessionIdOf(staff);
  if (!sessionId) throw errors.unauthenticated();
  const session = await readSessionSecondFactor(await db(), sessionId);
  if (!session) throw errors.unauthenticated();
  if (session.secondFactor !== "passed") return;
  const ageMs = session.secondFactorAt ? nowMs - session.secondFactorAt.getTime() : Infinity;
  if (ageMs > env().stepUpMaxAgeSeconds * 1000) throw new AppError({ status: 403, code: "step_up_required", message: STEP_UP_MESSAGE });
}
