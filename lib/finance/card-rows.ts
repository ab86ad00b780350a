import { z } from "@/lib/validation/zod";

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
