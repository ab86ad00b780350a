import { z } from "@/lib/validation/zod";
import { id, optNumber, optString } from "./common";

export const billCategoryEntrySchema = z.object({ id, name: optString });
export const billCategoryEntryListSchema = z.array(billCategoryEntrySchema);
export type BillCategoryEntry = z.infer<typeof billCategoryEntrySchema>;

export const billCategoryItemSchema = z.object({
  id,
  code: optString,
  name: optString,
  currency: optString,
  amount: optNumber,
  fee: optNumber,
});
export const billCategoryItemListSchema = z.array(billCategoryItemSchema);
export type BillCategoryItem = z.infer<typeof billCategoryItemSchema>;
