import { toCsv } from "../csv";
import { formatAmountPlain, netAmount } from "../format";
import type { CardRow } from "./card-rows";

const HEADERS = ["id", "created_at", "reference", "description", "merchant_name", "category", "type", "status", "currency", "amount", "charges", "net", "report"];

/** CSV of exactly the given rows, in the given order; amounts plain so spreadsheets sum them. */
export function cardRowsToCsv(rows: readonly CardRow[], order: readonly number[]): string {
  const data = order.map((i) => {
    const r = rows[i]!;
    return [
      r.id,
      r.created_at ?? "",
      r.reference ?? "",
      r.description ?? "",
      r.merchant_name ?? "",
      r.category ?? "",
      r.type ?? "",
      r.status ?? "",
      r.currency ?? "",
      formatAmountPlain(r.amount, r.currency),
      formatAmountPlain(r.charges, r.currency),
      formatAmountPlain(netAmount(r.amount, r.charges, r.currency), r.currency),
      r.report === null ? "" : String(r.report),
    ];
  });
  return toCsv(HEADERS, data);
}
