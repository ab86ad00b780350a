import type { StaffMember } from "@/server/auth/staff-repo";

/**
 * Stands in for `@/server/auth/session` in the hostile-input files (each mocks the module with this
 * one): every route sees the signed-in member the suite sets, at the second-factor stage it sets.
 */
export const session = { staff: null as (StaffMember & { sessionId: string }) | null, secondFactor: "not_required" as string };

export const currentStaff = async () => session.staff;

// The second-factor routes read the sign-in itself, at the stage each of them serves (see send() in hostile-input-suite.ts).
export const currentSignIn = async () =>
  session.staff
    ? { staff: { ...session.staff, mustChangePassword: false }, secondFactor: session.secondFactor, secondFactorAt: null }
    : null;

export const isSessionUsable = (signIn: { secondFactor: string }) =>
  signIn.secondFactor === "passed" || signIn.secondFactor === "not_required";
