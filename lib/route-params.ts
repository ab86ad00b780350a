import { z } from "zod";
import { pathParamSchema } from "./path-params";

/** Path-parameter schemas of the BFF routes, shared by handlers and pages. */
export const idParams = z.object({ id: pathParamSchema });
export const cardTransactionParams = z.object({ id: pathParamSchema, transactionId: pathParamSchema });
export const billItemsParams = z.object({ id: pathParamSchema, itemId: pathParamSchema });
export const accountNoParams = z.object({ accountNo: pathParamSchema });
