import "server-only";
import type { LoggerInstance } from "next-auth";
import { log } from "@/server/log";
import { SESSION_ENDED } from "./session-policy";

/** What next-auth hands its logger: the error itself, or an object holding it. */
function errorOf(metadata: unknown): unknown {
  if (metadata instanceof Error) return metadata;
  return typeof metadata === "object" && metadata !== null && "error" in metadata ? metadata.error : metadata;
}

/**
 * A session cookie that does not decode: altered, forged, expired, or sealed with an earlier secret.
 * next-auth throws "JWT invalid" when `decode` answers null, and jose's own errors carry ERR_JW… codes.
 */
function isUndecodableCookie(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.message === "JWT invalid" || (typeof code === "string" && code.startsWith("ERR_JW"));
}

/**
 * next-auth's messages in our log. What a browser sent and next-auth refused (a cookie that does not
 * decode, a callback address off our origin) is a warning, so that hostile input raises no alert;
 * a fault of ours stays an error. The error goes under `err`, through the log's serializer.
 */
export const nextAuthLogger: Partial<LoggerInstance> = {
  error: (code, metadata) => {
    const err = errorOf(metadata);
    // An ended session read through /api/auth/session is an expected answer, not a fault.
    if (code === "JWT_SESSION_ERROR" && err instanceof Error && err.message === SESSION_ENDED) return;
    if (code === "INVALID_CALLBACK_URL_ERROR" || (code === "JWT_SESSION_ERROR" && isUndecodableCookie(err))) {
      log.warn({ code, err }, "next-auth refused what the browser sent");
      return;
    }
    log.error({ code, err }, "next-auth error");
  },
  // The NEXTAUTH_URL warning is moot because no next-auth redirect is followed.
  warn: (code) => {
    if (code !== "NEXTAUTH_URL") log.warn({ code }, "next-auth warning");
  },
  debug: () => {},
};
