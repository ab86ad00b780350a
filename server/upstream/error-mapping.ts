import "server-only";
import { UPSTREAM_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { AppError, UPSTREAM_CODE_PATTERN } from "@/lib/errors";
import { retryLater } from "@/lib/retry-later";
import { generalErrorSchema, verificationErrorSchema } from "@/lib/schemas";
import { log } from "@/server/log";
import { maskedExcerpt } from "@/server/privacy";
import { upstreamErrorMessage } from "./error-messages";

// A code or field name is passed on only in a shape of our own choosing: the upstream's text is not shown.
// Neither holds more than six digits ("card_4111111111111111" would carry the card number to the browser).
const CODE = UPSTREAM_CODE_PATTERN;
const FIELD = /^(?!(?:\D*\d){7})[A-Za-z][A-Za-z0-9_.]{0,63}$/;

/**
 * Turns an upstream error answer into the BFF envelope. A typed verification error is
 * `upstream_verification_error` with the upstream's own code in `upstream_code` (the client decides
 * between "retry later" and "contact support" on it; the spec does not list those codes, so they
 * are never our `code`). Statuses that speak of
 * our own credentials or the upstream's health become 502/503/504: they are never the staff's 401.
 * The message is always ours (./error-messages); the upstream's own goes to the log, masked.
 * `retryAt` is the answer's `Retry-After` (epoch ms, bounded): a 429 or 503 carries it as its cause,
 * so the BFF's answer names it too; the call was sent.
 */
export function mapUpstreamError(status: number, body: unknown, retryAt?: number): AppError {
  const typed = verificationErrorSchema.safeParse(body);
  const general = generalErrorSchema.safeParse(body);
  const upstreamMessage = typed.success ? typed.data.message : general.success ? general.data.message : undefined;
  const rawField = typed.success ? (typed.data.field ?? undefined) : firstValueKey(general.success ? general.data.values : null);
  const field = rawField !== undefined && FIELD.test(rawField) ? rawField : undefined;
  const code = typed.success && CODE.test(typed.data.code) ? typed.data.code : undefined;
  if (upstreamMessage !== undefined) {
    log.warn(
      { upstreamStatus: status, upstreamCode: code, upstreamMessage: maskedExcerpt(upstreamMessage) },
      "the payments API answered an error",
    );
  }
  const ours = (fallbackCode?: string) => upstreamErrorMessage(status, code ?? fallbackCode, field);
  const cause =
    retryAt !== undefined && (status === 429 || status === 503) ? retryLater(`upstream answered ${status}`, retryAt, true) : undefined;

  if (typed.success && [409, 422, 503].includes(status)) {
    // Not fail(): the upstream's own code rides in upstream_code, which only this answer carries.
    return new AppError({ status, code: "upstream_verification_error", upstreamCode: code, message: ours(), field, cause });
  }
  switch (status) {
    case 400:
      return fail(UPSTREAM_ERRORS, "upstream_rejected_request", ours(), { field });
    case 401:
      return fail(
        UPSTREAM_ERRORS,
        "upstream_authentication_failed",
        "The payments API rejected the back-office credentials. Tell an administrator.",
      );
    case 403:
    case 404:
      // A customer of another business is, for us, one that does not exist.
      return fail(UPSTREAM_ERRORS, "not_found", upstreamErrorMessage(404, undefined, undefined));
    case 409:
    case 422:
      return fail(UPSTREAM_ERRORS, status === 409 ? "conflict" : "unprocessable", ours(), { field });
    case 429:
      return fail(UPSTREAM_ERRORS, "upstream_rate_limited", "The payments API asks us to slow down. Try again in a minute.", { cause });
    case 503:
      return fail(UPSTREAM_ERRORS, "upstream_unavailable", "The payments API is temporarily unavailable. Try again shortly.", {
        cause,
      });
    case 504:
      return fail(UPSTREAM_ERRORS, "upstream_timeout", "The payments API did not answer in time. Try again.");
    default:
      return fail(
        UPSTREAM_ERRORS,
        "upstream_error",
        "The payments API failed to answer properly. Try again; if it persists, tell an administrator.",
      );
  }
}

function firstValueKey(values: Record<string, unknown> | null | undefined): string | undefined {
  if (!values) return undefined;
  const key = Object.keys(values).find((k) => typeof values[k] === "string");
  return key;
}

export const upstreamErrors = {
  invalidResponse: (cause?: unknown) =>
    fail(
      UPSTREAM_ERRORS,
      "upstream_invalid_response",
      "The payments API answered with something we could not read. Try again; if it persists, tell an administrator.",
      { cause },
    ),
  unreachable: (cause?: unknown) =>
    fail(UPSTREAM_ERRORS, "upstream_unreachable", "The payments API could not be reached. Try again shortly.", { cause }),
  timeout: () => fail(UPSTREAM_ERRORS, "upstream_timeout", "The payments API did not answer in time. Try again."),
  redirected: () =>
    fail(
      UPSTREAM_ERRORS,
      "upstream_redirected",
      "The payments API answered with a redirect, which is not followed. Tell an administrator.",
    ),
  authFailed: () =>
    fail(
      UPSTREAM_ERRORS,
      "upstream_authentication_failed",
      "The payments API rejected the back-office credentials. Tell an administrator.",
    ),
};
