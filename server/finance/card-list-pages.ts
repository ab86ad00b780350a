import "server-only";
import type { ListPaging } from "@/server/env";
import { log } from "@/server/log";
import { upstreamErrors } from "@/server/upstream/error-mapping";
import type { UpstreamApi } from "@/server/upstream/operations";
import { CardColumnsBuilder, InvalidTime, type CardColumns, type CardRowInput } from "./card-columns";
import { digestOfRows, hashingBody, type LoadedCardList } from "./card-list-digest";
import { readCardList, readCardRows } from "./card-list-read";

/** Rows asked for per page: the most the provider's public docs allow, so a busy card takes fewest calls. */
export const LIST_PAGE_LIMIT = 100;

/** The provider's docs number pages from 1; page 0 is never asked for. */
export const FIRST_PAGE = 1;

const OPERATION = "GET /cards/{id}/transactions";

type CardListApi = Pick<UpstreamApi, "getCardTransactions" | "getCardTransactionsPage">;

/**
 * How the snapshot store loads a card's list: one streamed response (`none`, the spec), or page by
 * page (`page-limit`). Both feed the same columnar builder and report rows read so far. The one
 * response is hashed as it streams (a fresh hash per attempt, should the client retry); pages,
 * which are no one body, are hashed from the stored rows.
 */
export function cardListLoader(api: CardListApi, config: { listPaging: ListPaging; timeoutMs: number }) {
  return async (cardId: string, onProgress: (rowsRead: number) => void): Promise<LoadedCardList> => {
    if (config.listPaging === "page-limit") {
      const columns = await readCardListPaged(api, cardId, config.timeoutMs, onProgress);
      return { columns, digest: await digestOfRows(cardId, columns) };
    }
    return api.getCardTransactions(cardId, async (body) => {
      const hashed = hashingBody(cardId, body);
      const columns = await readCardList(hashed.body, onProgress);
      return { columns, digest: hashed.digest() };
    });
  };
}

/**
 * A card's list read with `page` (from 1) and `limit` (100) until a page shorter than the limit
 * (an empty one included). One deadline covers every page: the read fails with 504 when the
 * pages together take longer than BUSINESS_API_TIMEOUT_MS. Any failed page fails the whole read,
 * so a partial list is never kept.
 *
 * An upstream that does not honour the parameters must not loop or duplicate rows:
 * - a first page longer than the limit means `limit` (and so paging) is ignored: that page is the
 *   whole list, and no second page is asked for;
 * - a later page whose rows were all read already (the same page again) means `page` is ignored:
 *   reading stops and the rows read before the repeat are the list, each once.
 * A row already read on an earlier page is not stored again either: on a list that gains a
 * transaction mid-read, offset paging shows the row at a page's end again at the next one's start.
 */
export async function readCardListPaged(
  api: Pick<CardListApi, "getCardTransactionsPage">,
  cardId: string,
  timeoutMs: number,
  onProgress: (rowsRead: number) => void = () => {},
): Promise<CardColumns> {
  const deadlineAt = Date.now() + timeoutMs;
  // The builder knows the ids it holds (CardColumnsBuilder.holds) and stores each once.
  const builder = new CardColumnsBuilder();
  let dropped = 0;
  for (let page = FIRST_PAGE; ; page++) {
    const request = { page, limit: LIST_PAGE_LIMIT, deadlineAt };
    if (page === FIRST_PAGE) {
      // Nothing to repeat yet, so the first page streams straight into the columns: an upstream
      // that ignores `limit` sends the whole list here, which must not be held as objects.
      const rows = await api.getCardTransactionsPage(cardId, request, (body) =>
        readCardRows(
          body,
          (row) => addRow(builder, row),
          () => onProgress(builder.rows),
        ),
      );
      if (rows > LIST_PAGE_LIMIT) {
        log.info({ operation: OPERATION, rows, limit: LIST_PAGE_LIMIT }, "upstream ignores list paging: its first page is the whole list");
        break;
      }
      if (rows < LIST_PAGE_LIMIT) break;
      continue;
    }
    const held: CardRowInput[] = [];
    await api.getCardTransactionsPage(cardId, request, (body) =>
      readCardRows(
        body,
        (row) => {
          // Later pages are checked against earlier ones before any row is kept, so at most a page is held.
          if (held.length === LIST_PAGE_LIMIT) {
            log.warn({ operation: OPERATION, page, limit: LIST_PAGE_LIMIT }, "upstream sent a later list page longer than the limit");
            throw upstreamErrors.invalidResponse();
          }
          held.push(row);
        },
        () => {},
        builder.rows,
      ),
    );
    const fresh = held.filter((row) => !builder.holds(row.id));
    if (held.length > 0 && fresh.length === 0) {
      log.warn(
        { operation: OPERATION, page, rowsKept: builder.rows },
        "upstream repeated a list page (it ignores `page`): reading stopped, rows before the repeat kept once",
      );
      break;
    }
    dropped += held.length - fresh.length;
    for (const row of fresh) addRow(builder, row);
    onProgress(builder.rows);
    if (held.length < LIST_PAGE_LIMIT) break;
  }
  dropped += builder.repeated;
  if (dropped > 0) log.warn({ operation: OPERATION, dropped }, "rows repeated in the list were stored once");
  return builder.finish();
}

function addRow(builder: CardColumnsBuilder, row: CardRowInput): void {
  try {
    builder.add(row);
  } catch (error) {
    if (error instanceof InvalidTime) {
      log.warn({ operation: OPERATION, row: builder.rows, reason: "created_at" }, "upstream response failed validation");
      throw upstreamErrors.invalidResponse(error);
    }
    throw error;
  }
}
