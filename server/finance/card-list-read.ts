import "server-only";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { z } from "zod";
import { cardTransactionRowSchema } from "@/lib/schemas";
import { log } from "@/server/log";
import { upstreamErrors } from "@/server/upstream/error-mapping";
import { CardColumnsBuilder, InvalidTime, type CardColumns, type CardRowInput } from "./card-columns";
import { MalformedJson, readJsonArray } from "./json-array-stream";

/**
 * The table's 12 columns as lib/schemas checks them, except that `created_at` is only required to
 * be a string here: the column store reads every time anyway and refuses one it cannot read, so
 * parsing each date twice is saved.
 */
const rowSchema = cardTransactionRowSchema.extend({ created_at: z.string().nullish() });

/** Work done between two yields to the event loop, so other requests are answered during a load. */
const SLICE_MS = 3;

const OPERATION = "GET /cards/{id}/transactions";

/**
 * The rows of one upstream body as it streams in, each checked against the table's 12 columns
 * (the schema is compiled once, at import) and handed to `add` at once, so the parsed objects
 * never pile up. `afterSlice` runs after each parsed slice (progress). A bad row, a bad time or a
 * body that is not one whole array is a 502. `rowOffset` only numbers rows in the log.
 */
export async function readCardRows(body: AsyncIterable<Uint8Array>, add: (row: CardRowInput) => void, afterSlice: () => void = () => {}, rowOffset = 0): Promise<number> {
  let rows = 0;
  let sliceStart = performance.now();
  try {
    await readJsonArray(body, async (elements) => {
      for (let k = 0; k < elements.length; k++) {
        const parsed = rowSchema.safeParse(elements[k]);
        if (!parsed.success) {
          log.warn({ operation: OPERATION, row: rowOffset + rows, issues: parsed.error.issues.map((i) => i.path.join(".")) }, "upstream response failed validation");
          throw upstreamErrors.invalidResponse();
        }
        add(parsed.data);
        rows++;
      }
      afterSlice();
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToOthers();
        sliceStart = performance.now();
      }
    });
  } catch (error) {
    if (error instanceof MalformedJson || error instanceof InvalidTime) {
      log.warn({ operation: OPERATION, row: rowOffset + rows, reason: error instanceof InvalidTime ? "created_at" : "json" }, "upstream response failed validation");
      throw upstreamErrors.invalidResponse(error);
    }
    throw error;
  }
  return rows;
}

/**
 * A card's whole list from one upstream body (the spec: no paging), stored in columns as it
 * streams in. Reports the rows read so far.
 */
export async function readCardList(body: AsyncIterable<Uint8Array>, onProgress: (rowsRead: number) => void = () => {}): Promise<CardColumns> {
  const builder = new CardColumnsBuilder();
  await readCardRows(body, (row) => builder.add(row), () => onProgress(builder.rows));
  // Closing the columns and then sorting and totalling the first window are each a block of
  // several milliseconds at 100,000 rows: other requests are answered between the two.
  const columns = builder.finish();
  await yieldToOthers();
  return columns;
}
