import { z } from "@/lib/validation/zod";
import { PATH_PARAM_MESSAGE, PATH_PARAM_PATTERN } from "./path-params";

/** An id bound for an upstream URL path (./path-params.ts); the schema lives here, apart from the browser's plain check. */
export const pathParamSchema = z.string().regex(PATH_PARAM_PATTERN, { message: PATH_PARAM_MESSAGE });

/** Path-parameter schemas of the BFF routes, shared by handlers and pages. */
export const idParams = z.object({ id: pathParamSchema });
export const cardTransactionParams = z.object({ id: pathParamSchema, transactionId: pathParamSchema });
export const billItemsParams = z.object({ id: pathParamSchema, itemId: pathParamSchema });
export const accountNoParams = z.object({ accountNo: pathParamSchema });

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
