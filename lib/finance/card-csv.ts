import { toCsv, type CsvColumn } from "@/lib/csv";
import { formatAmountPlain, netAmount } from "@/lib/format/money-figures";
import { formatZonedTimestamp } from "@/lib/time/zoned-day";
import type { CardRow } from "./card-rows";
import { bucketOf } from "./card-totals";

/** The columns for a zone: `created_at` as wall time there with its offset, the header naming the zone. */
const columnsIn = (zone: string): ReadonlyArray<CsvColumn<CardRow>> => [
  { header: "id", value: (r) => r.id },
  { header: `created_at (${zone})`, value: (r) => formatZonedTimestamp(r.created_at, zone) },
  { header: "reference", value: (r) => r.reference },
  { header: "description", value: (r) => r.description },
  { header: "merchant_name", value: (r) => r.merchant_name },
  { header: "category", value: (r) => r.category },
  { header: "type", value: (r) => r.type },
  { header: "status", value: (r) => r.status },
  { header: "currency", value: (r) => r.currency },
  { header: "amount", value: (r) => formatAmountPlain(r.amount, r.currency) },
  { header: "charges", value: (r) => formatAmountPlain(r.charges, r.currency) },
  { header: "net", value: (r) => formatAmountPlain(netAmount(r.amount, r.charges, r.currency), r.currency) },
  // The page's split, row by row: summing amount per counts_as and currency gives its totals
  // (spent, refunded, failed, reversed, pending, other); net = spent − refunded.
  { header: "counts_as", value: (r) => bucketOf(r.status, r.type) },
  { header: "report", value: (r) => (r.report === null ? "" : String(r.report)) },
];

/** CSV of exactly the given rows, in the given order; amounts plain so spreadsheets sum them, times in `zone`. */
export function cardRowsToCsv(rows: readonly CardRow[], order: readonly number[], zone: string): string {
  return toCsv(
    order.map((i) => rows[i]!),
    columnsIn(zone),
  );
}
