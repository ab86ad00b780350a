import "server-only";
import { getServerSession } from "next-auth";
import { db } from "@/server/db/client";
import { authOptions } from "./options";
import { isPastAbsoluteLimit } from "./session-policy";
import { findStaffById, toMember, type StaffMember } from "./staff-repo";

/**
 * The signed-in staff member, read fresh from the database on every call: a disabled account or a
 * changed role takes effect at the very next request, whatever the cookie says.
 */
export async function currentStaff(): Promise<StaffMember | null> {
  const session = (await getServerSession(authOptions())) as { staffId?: string; loginAt?: number } | null;
  if (!session?.staffId || isPastAbsoluteLimit(session.loginAt)) return null;
  const row = await findStaffById(await db(), session.staffId);
  if (!row || row.status !== "active") return null;
  // A session from before the account was last disabled stays dead after it is re-enabled.
  if (row.sessionsValidAfter && (session.loginAt ?? 0) < row.sessionsValidAfter.getTime()) return null;
  return toMember(row);
}
