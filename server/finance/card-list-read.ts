import "server-only";
import { log } from "@/server/log";
import { upstreamErrors } from "@/server/upstream/error-mapping";
import type { CardColumns, CardRowInput } from "./card-columns";
import { parseCardListOffThread } from "./card-list-thread";
import { InvalidCardList, parseCardRows } from "./card-rows-parse";

const OPERATION = "GET /cards/{id}/transactions";

/** A refused body is logged (which row, which fields, never their values) and answered 502. */
function refused(error: unknown, rowOffset: number): unknown {
  if (!(error instanceof InvalidCardList)) return error;
  const row = rowOffset + error.row;
  if (error.reason === "row") log.warn({ operation: OPERATION, row, issues: error.issues }, "upstream response failed validation");
  else log.warn({ operation: OPERATION, row, reason: error.reason }, "upstream response failed validation");
  return upstreamErrors.invalidResponse(error);
}

/**
 * The rows of one upstream body (a page of a paged read), checked and handed to `add` as they
 * stream in, on this thread: a page is small. A bad row, a bad time or a body that is not one
 * whole array is a 502. `rowOffset` only numbers rows in the log.
 */
export async function readCardRows(
  body: AsyncIterable<Uint8Array>,
  add: (row: CardRowInput) => void,
  afterSlice: () => void = () => {},
  rowOffset = 0,
): Promise<number> {
  try {
    return await parseCardRows(body, add, afterSlice);
  } catch (error) {
    throw refused(error, rowOffset);
  }
}

/**
 * A card's whole list from one upstream body (the spec: no paging), stored in columns as it
 * streams in, parsed on another thread (card-list-thread.ts). Reports the rows read so far.
 */
export async function readCardList(
  body: AsyncIterable<Uint8Array>,
  onProgress: (rowsRead: number) => void = () => {},
): Promise<CardColumns> {
  try {
    return await parseCardListOffThread(body, onProgress);
  } catch (error) {
    throw refused(error, 0);
  }
}
