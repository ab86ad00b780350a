import "server-only";
import { AppError } from "@/lib/errors";
import { generalErrorSchema, verificationErrorSchema } from "@/lib/schemas";

/**
 * Turns an upstream error answer into the BFF envelope. Typed verification errors keep their code
 * (the client decides between "retry later" and "contact support" on it). Statuses that speak of
 * our own credentials or the upstream's health become 502/503/504: they are never the staff's 401.
 */
export function mapUpstreamError(status: number, body: unknown): AppError {
  const typed = verificationErrorSchema.safeParse(body);
  const general = generalErrorSchema.safeParse(body);
  const upstreamMessage = typed.success ? typed.data.message : general.success ? general.data.message : undefined;
  const safeMessage = (fallback: string) =>
    upstreamMessage && upstreamMessage.length <= 300 ? upstreamMessage : fallback;
  const field = typed.success ? (typed.data.field ?? undefined) : firstValueKey(general.success ? general.data.values : null);

  if (typed.success && [409, 422, 503].includes(status)) {
    return new AppError({ status, code: typed.data.code, message: safeMessage("The verification service refused the request."), field });
  }
  switch (status) {
    case 400:
      return new AppError({ status: 400, code: "upstream_rejected_request", message: safeMessage("The payments API rejected the request. Check the values and try again."), field });
    case 401:
      return new AppError({ status: 502, code: "upstream_authentication_failed", message: "The payments API rejected the back-office credentials. Tell an administrator." });
    case 403:
    case 404:
      // A customer of another business is, for us, one that does not exist.
      return new AppError({ status: 404, code: "not_found", message: safeMessage("Nothing was found with that id for this business.") });
    case 409:
    case 422:
      return new AppError({ status, code: status === 409 ? "conflict" : "unprocessable", message: safeMessage("The payments API refused the request."), field });
    case 429:
      return new AppError({ status: 429, code: "upstream_rate_limited", message: "The payments API asks us to slow down. Try again in a minute." });
    case 503:
      return new AppError({ status: 503, code: "upstream_unavailable", message: "The payments API is temporarily unavailable. Try again shortly." });
    case 504:
      return new AppError({ status: 504, code: "upstream_timeout", message: "The payments API did not answer in time. Try again." });
    default:
      return new AppError({ status: 502, code: "upstream_error", message: "The payments API failed to answer properly. Try again; if it persists, tell an administrator." });
  }
}

function firstValueKey(values: Record<string, unknown> | null | undefined): string | undefined {
  if (!values) return undefined;
  const key = Object.keys(values).find((k) => typeof values[k] === "string");
  return key;
}

export const upstreamErrors = {
  invalidResponse: (cause?: unknown) =>
    new AppError({ status: 502, code: "upstream_invalid_response", message: "The payments API answered with something we could not read. Try again; if it persists, tell an administrator.", cause }),
  unreachable: (cause?: unknown) =>
    new AppError({ status: 502, code: "upstream_unreachable", message: "The payments API could not be reached. Try again shortly.", cause }),
  timeout: () => new AppError({ status: 504, code: "upstream_timeout", message: "The payments API did not answer in time. Try again." }),
  redirected: () =>
    new AppError({ status: 502, code: "upstream_redirected", message: "The payments API answered with a redirect, which is not followed. Tell an administrator." }),
  authFailed: () =>
    new AppError({ status: 502, code: "upstream_authentication_failed", message: "The payments API rejected the back-office credentials. Tell an administrator." }),
};
