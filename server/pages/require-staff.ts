import "server-only";
import { redirect } from "next/navigation";
import { can, type Capability } from "@/lib/permissions";
import { currentSignIn, isSessionUsable } from "@/server/auth/session";
import type { StaffMember } from "@/server/auth/staff-repo";

/** For pages: the signed-in staff member, or a redirect to sign-in (or to the second factor it still owes). */
export async function requireStaff(): Promise<StaffMember> {
  const signIn = await currentSignIn();
  if (!signIn) redirect("/sign-in");
  if (!isSessionUsable(signIn)) redirect("/second-factor");
  return signIn.staff;
}

/** For pages of one capability: null when the role may not see it (the page renders a 403 state). */
export async function staffWith(capability: Capability): Promise<{ staff: StaffMember; allowed: boolean }> {
  const staff = await requireStaff();
  return { staff, allowed: can(staff.role, capability) };
}
