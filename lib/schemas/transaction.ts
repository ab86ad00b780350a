import { z } from "@/lib/validation/zod";
import { id, optBoolean, optDateTime, optNumber, optString } from "./common";

export const transactionShape = {
  id,
  reference: optString,
  account_name: optString,
  account_number: optString,
  bank_code: optString,
  bank_name: optString,
  amount: optNumber,
  charges: optNumber,
  fiat_rate: optNumber,
  currency: optString,
  category: optString,
  type: optString,
  status: optString,
  payment_method: optString,
  detail: optString,
  imad: optString,
  session_id: optString,
  trace_number: optString,
  report: optBoolean,
  report_message: optString,
  created_at: optDateTime,
  updated_at: optDateTime,
};

export const transactionSchema = z.object(transactionShape);
export type Transaction = z.infer<typeof transactionSchema>;
