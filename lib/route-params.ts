import { z } from "zod";
import { pathParamSchema } from "./path-params";

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
