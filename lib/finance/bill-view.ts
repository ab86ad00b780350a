import { z } from "zod";
import { optString } from "../schemas/common";
import { transactionShape } from "../schemas/transaction";

/**
 * A bill as the browser receives it: every field of the upstream bill except the token (a prepaid
 * token or PIN that can be redeemed), which only travels after an audited reveal request.
 */
export const billViewSchema = z.object({
  ...transactionShape,
  bill: z
    .object({
      bill_code: optString,
      bill_name: optString,
      item_code: optString,
      name: optString,
      has_token: z.boolean(),
    })
    .nullable(),
});
export type BillView = z.infer<typeof billViewSchema>;

export const billTokenSchema = z.object({ token: z.string().nullable() });
export type BillToken = z.infer<typeof billTokenSchema>;
