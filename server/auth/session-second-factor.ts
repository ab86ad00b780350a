import "server-only";
import type { StaffSessionRow } from "@/server/db/schema";
import { secondFactorAppliesTo } from "./second-factor-policy";

export type SessionSecondFactor = StaffSessionRow["secondFactor"];
type SessionFactors = Pick<StaffSessionRow, "secondFactor" | "secondFactorAt" | "signInMethod">;

/**
 * What a session owes now, judged from the member's authenticator as it is at this request, not as
 * it was at the session's sign-in: a session that signed in before its member enrolled (elsewhere)
 * owes a code, and only a code accepted after the current authenticator was confirmed counts.
 * Removing the authenticator frees every session of it. The stored state keeps one thing the
 * factors cannot tell: that the role required an enrolment at sign-in ("enrol").
 */
export function sessionSecondFactor(session: SessionFactors, totpEnrolledAt: Date | null): SessionSecondFactor {
  if (!secondFactorAppliesTo(session.signInMethod)) return "not_required";
  if (totpEnrolledAt) return session.secondFactorAt && session.secondFactorAt.getTime() >= totpEnrolledAt.getTime() ? "passed" : "pending";
  return session.secondFactor === "enrol" ? "enrol" : "not_required";
}
