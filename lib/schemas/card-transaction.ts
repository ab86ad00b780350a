import { z } from "zod";
import { id, optBoolean, optDateTime, optNumber, optString } from "./common";

export const cardTransactionSchema = z.object({
  id,
  reference: optString,
  amount: optNumber,
  charges: optNumber,
  currency: optString,
  category: optString,
  type: optString,
  status: optString,
  description: optString,
  merchant_name: optString,
  merchant_city: optString,
  merchant_state: optString,
  merchant_country: optString,
  merchant_postal_code: optString,
  merchant_mcc: optString,
  merchant_mid: optString,
  report: optBoolean,
  report_message: optString,
  created_at: optDateTime,
  updated_at: optDateTime,
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

export const cardTransactionListSchema = z.array(cardTransactionSchema);
