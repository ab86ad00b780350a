import "server-only";
import { getServerSession } from "next-auth";
import { db } from "@/server/db/client";
import { authOptions } from "./options";
import { isPastAbsoluteLimit } from "./session-policy";
import { openSession } from "./session-store";
import { toMember, type StaffMember } from "./staff-repo";

export type SignedInStaff = StaffMember & { sessionId: string; mustChangePassword: boolean };

/**
 * The signed-in staff member, read fresh from the database on every call together with the
 * server-side session: a signed-out or ended session, a disabled account or a changed role takes
 * effect at the very next request, whatever the cookie says.
 */
export async function currentStaff(): Promise<SignedInStaff | null> {
  const session = (await getServerSession(authOptions())) as { staffId?: string; sid?: string; loginAt?: number } | null;
  if (!session?.staffId || isPastAbsoluteLimit(session.loginAt)) return null;
  const open = await openSession(await db(), session.sid);
  if (!open || open.staff.id !== session.staffId || open.staff.status !== "active") return null;
  // A session from before the account was last disabled stays dead after it is re-enabled.
  if (open.staff.sessionsValidAfter && (session.loginAt ?? 0) < open.staff.sessionsValidAfter.getTime()) return null;
  return { ...toMember(open.staff), sessionId: open.session.id, mustChangePassword: open.staff.mustChangePassword };
}
