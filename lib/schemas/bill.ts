import { z } from "@/lib/validation/zod";
import { optText } from "./common";
import { transactionShape } from "./transaction";

export const billDetailSchema = z.object({
  bill_code: optText("code"),
  bill_name: optText("line"),
  item_code: optText("code"),
  name: optText("line"),
  /** A prepaid token or PIN: treat as a secret (masked until revealed). */
  token: optText("line"),
});

export const billSchema = z.object({
  ...transactionShape,
  bill: billDetailSchema.nullish().transform((v) => v ?? null),
});
export type Bill = z.infer<typeof billSchema>;
