import { z } from "@/lib/validation/zod";
import { PATH_PARAM_MESSAGE, PATH_PARAM_PATTERN } from "./path-params";

/** An id bound for an upstream URL path (./path-params.ts); the schema lives here, apart from the browser's plain check. */
export const pathParamSchema = z.string().regex(PATH_PARAM_PATTERN, { message: PATH_PARAM_MESSAGE });

/** Path-parameter schemas of the BFF routes, shared by handlers and pages. */
export const idParams = z.object({ id: pathParamSchema });
export const cardTransactionParams = z.object({ id: pathParamSchema, transactionId: pathParamSchema });
export const billItemsParams = z.object({ id: pathParamSchema, itemId: pathParamSchema });
export const accountNoParams = z.object({ accountNo: pathParamSchema });

/**
 * The one rule for our own `uuid` keys (staff, sessions, saved views, approvals, alerts), wherever
 * an id arrives: a route's path or body (uuidSchema, uuidParams) or a check of the server's own
 * (isUuid: a page's `?view=`, a cookie's session id, a value written into a planned statement).
 * zod's: the canonical 8-4-4-4-12 hex text of an RFC 9562 UUID (any case), which is also all that
 * may ever be quoted into SQL.
 */
export const uuidSchema = (label: string) => z.uuid({ message: `That ${label} id is not valid.` });
export const uuidParams = (label: string) => z.object({ id: uuidSchema(label) });

const anyUuid = z.uuid();
export function isUuid(value: unknown): value is string {
  return anyUuid.safeParse(value).success;
}

/** URLSearchParams (or a Next.js searchParams object) as the plain record the schema reads. */
export function searchParamsRecord(params: URLSearchParams | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  if (params instanceof URLSearchParams) {
    for (const [k, v] of params) out[k] ??= v;
  } else {
    for (const [k, v] of Object.entries(params)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (first !== undefined) out[k] = first;
    }
  }
  return out;
}
