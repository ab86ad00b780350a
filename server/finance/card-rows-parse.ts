import "server-only";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { z } from "@/lib/validation/zod";
import { cardTransactionRowSchema } from "@/lib/schemas";
import { InvalidTime, type CardRowInput } from "./card-columns";
import { MalformedJson, readJsonArray } from "./json-array-stream";

/**
 * The table's 12 columns as lib/schemas checks them, except that `created_at` is only required to
 * be a string here: the column store reads every time anyway and refuses one it cannot read, so
 * parsing each date twice is saved.
 */
const rowSchema = cardTransactionRowSchema.extend({ created_at: z.string().nullish() });

/**
 * Work done between two yields to the event loop: on the app's thread (a paged read) other
 * requests are answered in between; on the parser's thread, other lists loading at the same time.
 */
const SLICE_MS = 3;

/**
 * Why a list body was refused and at which row (from the body's first): a wrongly shaped row, a
 * time that cannot be read, or a body that is not one whole JSON array. Plain data, so it can
 * cross from the parsing thread; the caller logs it and answers 502.
 */
export class InvalidCardList extends Error {
  constructor(
    readonly row: number,
    readonly reason: "row" | "created_at" | "json",
    readonly issues: string[] = [],
  ) {
    super(`the card list is invalid at row ${row} (${reason})`);
  }
}

/**
 * The rows of one upstream body as it streams in, each checked against the table's 12 columns
 * (the schema is compiled once, at import) and handed to `add` at once, so the parsed objects
 * never pile up. `afterSlice` runs after each parsed slice (progress). Runs on whichever thread
 * holds the columns: needs nothing but the body.
 */
export async function parseCardRows(
  body: AsyncIterable<Uint8Array>,
  add: (row: CardRowInput) => void,
  afterSlice: () => void = () => {},
): Promise<number> {
  let rows = 0;
  let sliceStart = performance.now();
  try {
    await readJsonArray(body, async (elements) => {
      for (let k = 0; k < elements.length; k++) {
        const parsed = rowSchema.safeParse(elements[k]);
        if (!parsed.success)
          throw new InvalidCardList(
            rows,
            "row",
            parsed.error.issues.map((i) => i.path.join(".")),
          );
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
    if (error instanceof MalformedJson) throw new InvalidCardList(rows, "json");
    if (error instanceof InvalidTime) throw new InvalidCardList(rows, "created_at");
    throw error;
  }
  return rows;
}
