import "server-only";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { isValidPathParam, PATH_PARAM_MESSAGE } from "@/lib/path-params";

/**
 * Fills an allowlisted path template such as `/cards/{id}/transactions/{transactionId}`.
 * Each value must pass the allowlist before it is encoded, so a value can never add a path
 * segment, climb with `..`, or smuggle a query or fragment into the upstream URL.
 */
export function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || !isValidPathParam(value)) {
      // invalid_request, as route() answers a param that fails the same allowlist in its contract.
      throw fail(GUARD_ERRORS, "invalid_request", PATH_PARAM_MESSAGE, { field: name });
    }
    return encodeURIComponent(value);
  });
}
