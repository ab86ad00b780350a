import "server-only";
import type { StaffSessionRow } from "@/server/db/schema";
import { secondFactorAppliesTo } from "./second-factor-policy";

export type SessionSecondFactor = StaffSessionRow["secondFactor"];
type SessionFactors = Pick<StaffSessionRow, "secondFactorAt" | "signInMethod">;

/**
 * What a session owes now, judged from the member's authenticator as it is at this request, not as
 * it was at the session's sign-in: a session that signed in before its member enrolled (elsewhere)
 * owes a code, and only a code accepted after the current authenticator was confirmed counts.
 * Removing the authenticator frees every session of it, unless the member's role requires one: and
 * whether it does is the policy's answer now (`required`), so a session that signed in before its
 * member was promoted, or before the policy changed, owes an enrolment from its next request.
 */
export function sessionSecondFactor(session: SessionFactors, totpEnrolledAt: Date | null, required: boolean): SessionSecondFactor {
  if (!secondFactorAppliesTo(session.signInMethod)) return "not_required";
  if (totpEnrolledAt) return session.secondFactorAt && session.secondFactorAt.getTime() >= totpEnrolledAt.getTime() ? "passed" : "pending";
  return required ? "enrol" : "not_required";
}
