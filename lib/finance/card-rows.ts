import { z } from "zod";
import type { CardTransaction } from "../schemas";

/**
 * The card-transaction list as the table needs it. A card can have 100,000 transactions, so the
 * BFF sends the columns the table, filters, totals and CSV use as arrays (no repeated keys: about
 * a third of the upstream's JSON); the detail page reads the full transaction by id.
 */
export const CARD_ROW_COLUMNS = [
  "id",
  "reference",
  "amount",
  "charges",
  "currency",
  "category",
  "type",
  "status",
  "description",
  "merchant_name",
  "report",
  "created_at",
] as const;

export type CardRow = {
  id: string;
  reference: string | null;
  amount: number | null;
  charges: number | null;
  currency: string | null;
  category: string | null;
  type: string | null;
  status: string | null;
  description: string | null;
  merchant_name: string | null;
  report: boolean | null;
  created_at: string | null;
  /** Milliseconds since the epoch, parsed once for sorting; NaN when missing. */
  createdMs: number;
};

type Tuple = [string, ...(string | number | boolean | null)[]];

export function toCompactRow(t: CardTransaction): Tuple {
  return [t.id, t.reference, t.amount, t.charges, t.currency, t.category, t.type, t.status, t.description, t.merchant_name, t.report, t.created_at];
}

export const compactCardRowsSchema = z.object({
  columns: z.array(z.string()),
  // Cells are checked as they are decoded (fromCompactRows); a per-cell schema would cost more than the table.
  rows: z.array(z.array(z.unknown())),
});
export type CompactCardRows = z.infer<typeof compactCardRowsSchema>;

const str = (v: unknown) => (typeof v === "string" ? v : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Back to objects on the client; the server produced the tuples, so this is a cheap pass, not a validation. */
export function fromCompactRows(payload: CompactCardRows): CardRow[] {
  const out = new Array<CardRow>(payload.rows.length);
  for (let i = 0; i < payload.rows.length; i++) {
    const r = payload.rows[i]!;
    const created = str(r[11]);
    out[i] = {
      id: String(r[0]),
      reference: str(r[1]),
      amount: num(r[2]),
      charges: num(r[3]),
      currency: str(r[4]),
      category: str(r[5]),
      type: str(r[6]),
      status: str(r[7]),
      description: str(r[8]),
      merchant_name: str(r[9]),
      report: typeof r[10] === "boolean" ? r[10] : null,
      created_at: created,
      createdMs: created ? Date.parse(created) : Number.NaN,
    };
  }
  return out;
}
