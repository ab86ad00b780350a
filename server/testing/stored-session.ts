import { openSession } from "@/server/auth/session-store";
import { toMember } from "@/server/auth/staff-repo";
import type { Db } from "@/server/db/types";

/**
 * A stand-in for server/auth/session whose "cookie" is a session id the test sets: the member is
 * read from the stored session as currentStaff reads it, so revocation, disabling and saved
 * preferences show in the next request. Use inside vi.mock's factory.
 */
export function storedSessionModule(cookie: { sid: string | null }) {
  return {
    currentStaff: async (db: Db) => {
      const open = await openSession(db, cookie.sid);
      if (!open || open.staff.status !== "active") return null;
      return { ...toMember(open.staff), sessionId: open.session.id, mustChangePassword: open.staff.mustChangePassword };
    },
  };
}
