import "server-only";
import type { StaffMember } from "./staff-repo";

/**
 * The id of the server-side session a request runs under. The route wrapper hands handlers the
 * member exactly as currentStaff returned it, which carries the id; a member built elsewhere has none.
 */
export function sessionIdOf(member: StaffMember): string | undefined {
  const id = (member as StaffMember & { sessionId?: unknown }).sessionId;
  return typeof id === "string" ? id : undefined;
}
