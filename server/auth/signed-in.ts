import "server-only";
import { errors } from "@/lib/errors";
import { sessionIdOf } from "./session-id";
import type { SessionStaff } from "./session";
import type { StaffMember } from "./staff-repo";

/** The route wrapper's member with its session id, which second-factor actions need; 401 without one. */
export function withSession(staff: StaffMember): SessionStaff {
  const sessionId = sessionIdOf(staff);
  if (!sessionId) throw errors.unauthenticated();
  return { ...staff, sessionId };
}
