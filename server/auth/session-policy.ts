import "server-only";

/** Session lifetimes: an idle session ends after 30 minutes, any session after 12 hours. */
export const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** The error message that tells next-auth's session route the session has ended (not a fault). */
export const SESSION_ENDED = "session_ended";

export function isPastAbsoluteLimit(loginAt: number | undefined, now = Date.now()): boolean {
  return typeof loginAt !== "number" || now - loginAt > ABSOLUTE_TIMEOUT_MS;
}
