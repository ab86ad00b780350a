import "server-only";
import { createHash, type Hash } from "node:crypto";
import type { CardColumns } from "./card-columns";

/** Bytes of a list digest kept in a snapshot id. */
export const DIGEST_BYTES = 16;

const ROWS_PER_SLICE = 5_000;

/** A card's list as the snapshot store gets it: its columns and a digest of its content. */
export type LoadedCardList = { columns: CardColumns; digest: Buffer };

function start(cardId: string): Hash {
  return createHash("sha256").update(cardId, "utf8").update("\u0000");
}

/**
 * The upstream body passed through unchanged while its bytes are hashed, so the digest of a list
 * read in one response costs no second pass over 100,000 rows. Equal bodies, equal digests, on any
 * instance; a body that differs only in layout gives another digest, which can only make a view
 * reload (409), never serve a different list under an old id. `digest` is read once the body ended.
 */
export function hashingBody(cardId: string, body: AsyncIterable<Uint8Array>): { body: AsyncIterable<Uint8Array>; digest: () => Buffer } {
  const hash = start(cardId);
  let ended = false;
  return {
    body: (async function* () {
      for await (const chunk of body) {
        hash.update(chunk);
        yield chunk;
      }
      ended = true;
    })(),
    digest: () => {
      if (!ended) throw new Error("the list body was not read to its end");
      return hash.digest().subarray(0, DIGEST_BYTES);
    },
  };
}

/**
 * The digest of stored rows, for a list assembled from several responses (paged reads), where
 * no single body is the list. Hashed in slices so the event loop is not held for the whole list.
 */
export async function digestOfRows(cardId: string, columns: CardColumns): Promise<Buffer> {
  const hash = start(cardId);
  for (let first = 0; first < columns.count; first += ROWS_PER_SLICE) {
    if (first > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(columns.count, first + ROWS_PER_SLICE);
    for (let i = first; i < end; i++) hash.update(JSON.stringify(columns.row(i))).update("\n");
  }
  return hash.digest().subarray(0, DIGEST_BYTES);
}
