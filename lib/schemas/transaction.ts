import { z } from "@/lib/validation/zod";
import { id, optBoolean, optDateTime, optNumber, optText } from "./common";

export const transactionShape = {
  id,
  reference: optText("line"),
  account_name: optText("line"),
  account_number: optText("line"),
  bank_code: optText("line"),
  bank_name: optText("line"),
  amount: optNumber,
  charges: optNumber,
  fiat_rate: optNumber,
  currency: optText("code"),
  category: optText("code"),
  type: optText("code"),
  status: optText("code"),
  payment_method: optText("code"),
  detail: optText("text"),
  imad: optText("line"),
  session_id: optText("line"),
  trace_number: optText("line"),
  report: optBoolean,
  report_message: optText("text"),
  created_at: optDateTime,
  updated_at: optDateTime,
};

export const transactionSchema = z.object(transactionShape);
export type Transaction = z.infer<typeof transactionSchema>;
