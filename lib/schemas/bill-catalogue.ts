import { z } from "@/lib/validation/zod";
import { id, optNumber, optText } from "./common";

export const billCategoryEntrySchema = z.object({ id, name: optText("line") });
export const billCategoryEntryListSchema = z.array(billCategoryEntrySchema);
export type BillCategoryEntry = z.infer<typeof billCategoryEntrySchema>;

export const billCategoryItemSchema = z.object({
  id,
  code: optText("code"),
  name: optText("line"),
  currency: optText("code"),
  amount: optNumber,
  fee: optNumber,
});
export const billCategoryItemListSchema = z.array(billCategoryItemSchema);
export type BillCategoryItem = z.infer<typeof billCategoryItemSchema>;
