import { z } from "@/lib/validation/zod";
import { id, optDateTime, optNumber, optString } from "./common";

export const collectionSchema = z.object({
  id,
  reference: optString,
  account_name: optString,
  account_number: optString,
  account_type: optString,
  address: optString,
  bank_address: optString,
  bank_code: optString,
  bank_name: optString,
  routing_number: optString,
  currency: optString,
  balance: optNumber,
  pending_balance: optNumber,
  total_received: optNumber,
  status: optString,
  created_at: optDateTime,
  updated_at: optDateTime,
});
export type Collection = z.infer<typeof collectionSchema>;
