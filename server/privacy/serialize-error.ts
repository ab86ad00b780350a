import "server-only";
import { isAppError } from "@/lib/errors";
import { maskedExcerpt } from "./by-value";

type Serialized = {
  type: string;
  message: string;
  code?: string;
  status?: number;
  constraint?: string;
  stack?: string;
  cause?: Serialized;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Database errors carry the statement, its parameters (a password hash, an email) and the
 * server's `detail` ("Key (email)=(…) already exists"): none of it is kept, only the SQLSTATE.
 * Drizzle wraps the driver's error; either may be the one thrown.
 */
function isDatabaseError(error: object): boolean {
  const e = error as Record<string, unknown>;
  if ("query" in e || "params" in e) return true;
  if (error.constructor?.name === "DrizzleQueryError") return true;
  if (typeof e.severity === "string" && typeof e.code === "string" && SQLSTATE.test(e.code)) return true;
  return error instanceof Error && error.message.startsWith("Failed query:");
}

function sqlState(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || error === null || typeof error !== "object") return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && SQLSTATE.test(code)) return code;
  return sqlState((error as { cause?: unknown }).cause, depth + 1);
}

/** Call frames only: the first line of a stack repeats the message. */
function framesOf(error: Error): string | undefined {
  return (
    error.stack
      ?.split("\n")
      .filter((line) => /^\s+at /.test(line))
      .join("\n") || undefined
  );
}

/**
 * What the logger writes for an error. A database error becomes its SQLSTATE and a fixed
 * message; an upstream (AppError) failure its code and status, because its message may quote
 * what the upstream sent; a parse error a fixed message, because V8 quotes the input it choked
 * on. Other errors are programming errors: their message and frames are what fixes them.
 */
export function serializeError(error: unknown, depth = 0): Serialized {
  if (error === null || typeof error !== "object") return { type: typeof error, message: "a non-error value was thrown" };
  if (isDatabaseError(error)) {
    const constraint = (error as { constraint?: unknown }).constraint ?? (error as { cause?: { constraint?: unknown } }).cause?.constraint;
    return {
      type: "DatabaseError",
      message: "database query failed",
      ...(sqlState(error) ? { code: sqlState(error) } : {}),
      ...(typeof constraint === "string" ? { constraint } : {}),
    };
  }
  const cause = depth < 3 && "cause" in error && error.cause !== undefined ? { cause: serializeError(error.cause, depth + 1) } : {};
  if (isAppError(error)) return { type: "AppError", message: "request failed", code: error.code, status: error.status, ...cause };
  if (!(error instanceof Error)) return { type: "object", message: "a non-error object was thrown" };
  const rawCode: unknown = (error as { code?: unknown }).code;
  const code = typeof rawCode === "string" ? { code: rawCode } : {};
  if (error instanceof SyntaxError) return { type: "SyntaxError", message: "malformed input", ...code };
  return {
    type: error.name,
    message: maskedExcerpt(error.message),
    ...code,
    stack: framesOf(error),
    ...cause,
  };
}
