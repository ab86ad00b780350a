import { z } from "@/lib/validation/zod";
import { optString } from "./common";
import { transactionShape } from "./transaction";

export const billDetailSchema = z.object({
  bill_code: optString,
  bill_name: optString,
  item_code: optString,
  name: optString,
  /** A prepaid token or PIN: treat as a secret (masked until revealed). */
  token: optString,
});

export const billSchema = z.object({
  ...transactionShape,
  bill: billDetailSchema.nullish().transform((v) => v ?? null),
});
export type Bill = z.infer<typeof billSchema>;
