import "server-only";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import type { AppError } from "@/lib/errors";
import { retryLater } from "@/lib/retry-later";

/** What a client is told to wait when the database is not answering: about as long as a restart or fail-over takes. */
export const DATABASE_RETRY_AFTER_MS = 5_000;

/** Socket-level failures: the server is down, restarting, or out of reach. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
]);

/**
 * SQLSTATEs that say the server cannot serve now, not that the query is wrong: class 08
 * (connection exception), 57P01–57P03 (shut down by an administrator or a crash, not yet
 * accepting connections), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres and pg-pool report these without a code. */
const DRIVER_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Query read timeout",
];

/**
 * Whether an error (or, Drizzle wrapping driver errors, one of its causes) means the database is
 * unreachable rather than that a statement failed: such a request is a 503 to retry, not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const message = current instanceof Error ? current.message : "";
    if (DRIVER_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function databaseUnavailable(cause?: unknown, now = Date.now()): AppError {
  return fail(GUARD_ERRORS, "database_unavailable", "The back-office database is not answering. Try again in a few seconds.", {
    cause: retryLater(cause instanceof Error ? cause.name : "database unavailable", now + DATABASE_RETRY_AFTER_MS, false),
  });
}
