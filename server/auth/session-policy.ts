import "server-only";

/**
 * Session lifetimes: an idle session ends after 30 minutes, any session after 12 hours. Both are
 * judged on the database's clock, against the session row's own times (alive() in session-store.ts):
 * every instance shares that clock, so one whose own clock runs fast or slow ends no session early or late.
 */
export const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** The error message that tells next-auth's session route the session has ended (not a fault). */
export const SESSION_ENDED = "session_ended";
