import { z } from "@/lib/validation/zod";
import { id, optDateTime, optNumber, optText } from "./common";

export const collectionSchema = z.object({
  id,
  reference: optText("line"),
  account_name: optText("line"),
  account_number: optText("line"),
  account_type: optText("code"),
  address: optText("text"),
  bank_address: optText("text"),
  bank_code: optText("line"),
  bank_name: optText("line"),
  routing_number: optText("line"),
  currency: optText("code"),
  balance: optNumber,
  pending_balance: optNumber,
  total_received: optNumber,
  status: optText("code"),
  created_at: optDateTime,
  updated_at: optDateTime,
});
export type Collection = z.infer<typeof collectionSchema>;
