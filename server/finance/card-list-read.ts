import "server-only";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { CardRow } from "@/lib/finance/card-rows";
import { log } from "@/server/log";
import { upstreamErrors } from "@/server/upstream/error-mapping";
import { CardColumnsBuilder, InvalidTime, type CardColumns } from "./card-columns";
import { MalformedJson, readJsonArray } from "./json-array-stream";

type Kind = "id" | "text" | "number" | "boolean";
const BAD = Symbol("bad");

const CHECKS: Record<Kind, (v: unknown) => unknown> = {
  id: (v) => (typeof v === "string" && v.length > 0 ? v : BAD),
  text: (v) => (v === null || v === undefined ? null : typeof v === "string" ? v : BAD),
  number: (v) => (v === null || v === undefined ? null : typeof v === "number" && Number.isFinite(v) ? v : BAD),
  boolean: (v) => (v === null || v === undefined ? null : typeof v === "boolean" ? v : BAD),
};

/**
 * The table's 12 columns, with the same rules as `cardTransactionRowSchema` in lib/schemas (a test
 * holds them equal). `created_at` only has to be a string here: the column store reads each time
 * and refuses one it cannot read, so no date is parsed twice.
 */
export const CARD_ROW_COLUMNS: ReadonlyArray<readonly [keyof CardRow, Kind]> = [
  ["id", "id"],
  ["reference", "text"],
  ["amount", "number"],
  ["charges", "number"],
  ["currency", "text"],
  ["category", "text"],
  ["type", "text"],
  ["status", "text"],
  ["description", "text"],
  ["merchant_name", "text"],
  ["report", "boolean"],
  ["created_at", "text"],
];

/**
 * Compiles the column list once into one check per column. Per row it costs a tenth of a zod
 * parse of the same shape, which at 100,000 rows is most of the budget over a bare `JSON.parse`.
 * Returns the row (missing fields as null) or the name of the first column that fails.
 */
export function compileRowReader(columns: typeof CARD_ROW_COLUMNS): (value: unknown) => CardRow | { invalid: string } {
  const names = columns.map(([name]) => name);
  const checks = columns.map(([, kind]) => CHECKS[kind]);
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { invalid: "(row)" };
    const source = value as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c++) {
      const checked = checks[c]!(source[names[c]!]);
      if (checked === BAD) return { invalid: names[c]! };
      row[names[c]!] = checked;
    }
    return row as CardRow;
  };
}

const readRow = compileRowReader(CARD_ROW_COLUMNS);

/** Work done between two yields to the event loop, so other requests are answered during a load. */
const SLICE_MS = 3;

/**
 * A card's list from the upstream body as it streams in: each element checked against the
 * table's 12 columns (the column checks are compiled once, at import) and stored in columns at once,
 * so the parsed objects never pile up. Reports the rows read so far.
 */
export async function readCardList(body: AsyncIterable<Uint8Array>, onProgress: (rowsRead: number) => void = () => {}): Promise<CardColumns> {
  const builder = new CardColumnsBuilder();
  let sliceStart = performance.now();
  try {
    await readJsonArray(body, async (elements) => {
      for (let k = 0; k < elements.length; k++) {
        const row = readRow(elements[k]);
        if ("invalid" in row) {
          log.warn({ operation: "GET /cards/{id}/transactions", row: builder.rows, issues: [row.invalid] }, "upstream response failed validation");
          throw upstreamErrors.invalidResponse();
        }
        builder.add(row);
      }
      onProgress(builder.rows);
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToOthers();
        sliceStart = performance.now();
      }
    });
  } catch (error) {
    if (error instanceof MalformedJson || error instanceof InvalidTime) {
      log.warn({ operation: "GET /cards/{id}/transactions", row: builder.rows, reason: error instanceof InvalidTime ? "created_at" : "json" }, "upstream response failed validation");
      throw upstreamErrors.invalidResponse(error);
    }
    throw error;
  }
  return builder.finish();
}
