import { z } from "zod";
import type { CardTransactionRow } from "../schemas";

/** One row of the card-transaction table: the columns the table, filters, totals and CSV use. */
export const cardRowSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  amount: z.number().nullable(),
  charges: z.number().nullable(),
  currency: z.string().nullable(),
  category: z.string().nullable(),
  type: z.string().nullable(),
  status: z.string().nullable(),
  description: z.string().nullable(),
  merchant_name: z.string().nullable(),
  report: z.boolean().nullable(),
  created_at: z.string().nullable(),
});
export type CardRow = z.infer<typeof cardRowSchema>;

/** A missing field becomes `null`, so it shows as "—" rather than failing the table. */
export function toCardRow(t: CardTransactionRow): CardRow {
  return {
    id: t.id,
    reference: t.reference ?? null,
    amount: t.amount ?? null,
    charges: t.charges ?? null,
    currency: t.currency ?? null,
    category: t.category ?? null,
    type: t.type ?? null,
    status: t.status ?? null,
    description: t.description ?? null,
    merchant_name: t.merchant_name ?? null,
    report: t.report ?? null,
    created_at: t.created_at ?? null,
  };
}
