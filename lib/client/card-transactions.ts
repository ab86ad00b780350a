import { queryOptions } from "@tanstack/react-query";
import { getCardExport, getCardListProgress, getCardWindow } from "@/lib/contracts/endpoints/card-transactions";
import type * as cardContracts from "@/lib/contracts/card-transactions";
import type { QueryInput } from "@/lib/contracts/contract";
import { tableStateToSearch, type CardTableState } from "@/lib/finance/card-table-state";
import { CARD_PAGE_SIZE } from "@/lib/finance/card-page-size";
import type { CardWindow } from "@/lib/finance/card-window";
import { call, urlOf } from "./call";

/**
 * Which snapshot of the card's list a window comes from: a pinned one (immutable, so never stale),
 * or a new view, numbered so that "refresh" and a released snapshot always ask the server again.
 */
export type CardListSource = { snapshot: string } | { generation: number; refresh: boolean };

/** A window with the view it was asked for, so a screen still showing the previous view knows which. */
export type ShownCardWindow = CardWindow & { view: CardTableState };

/**
 * A table view as query parameters: the same ones its page URL holds (tableStateToSearch decides
 * which are worth sending, `tz` only with a date), so the window, the CSV and the page agree.
 */
function viewQuery(state: CardTableState): QueryInput<typeof cardContracts.getCardExport> {
  // The values come from a parsed CardTableState, so each is one the schema accepts.
  return Object.fromEntries(new URLSearchParams(tableStateToSearch(state))) as QueryInput<typeof cardContracts.getCardExport>;
}

export const cardWindowQuery = (cardId: string, state: CardTableState, source: CardListSource, page: number) =>
  queryOptions({
    queryKey: [
      "card-window",
      cardId,
      source,
      state.sort,
      state.dir,
      state.status,
      state.type,
      state.q,
      state.from,
      state.to,
      state.tz,
      state.currency,
      page,
    ],
    queryFn: async ({ signal }): Promise<ShownCardWindow> => {
      const query: QueryInput<typeof cardContracts.getCardWindow> = {
        ...viewQuery(state),
        offset: page > 0 ? page * CARD_PAGE_SIZE : undefined,
        ...("snapshot" in source ? { snapshot: source.snapshot } : { refresh: source.refresh ? "1" : undefined }),
      };
      return { ...(await call(getCardWindow, { params: { id: cardId }, query, signal })), view: state };
    },
    staleTime: "snapshot" in source ? Infinity : 0,
    // A new view's answer is only the way to its snapshot; once pinned it must not be served again.
    gcTime: "snapshot" in source ? 5 * 60_000 : 0,
  });

/**
 * The CSV of exactly a view on screen: same snapshot, same filters and order. Always with a zone,
 * which the CSV writes its times in: the one the view's range was read in, else `ownZone`.
 */
export const cardExportUrl = (cardId: string, shown: ShownCardWindow, ownZone: string) => {
  const { view } = shown;
  const tz = view.tz && (view.from || view.to) ? view.tz : ownZone;
  return urlOf(getCardExport, { params: { id: cardId }, query: { ...viewQuery(view), tz, snapshot: shown.snapshot.id } });
};

/** Rows read so far while the server loads the card's list; null when it is not loading one. */
export const cardListProgress = async (cardId: string) => (await call(getCardListProgress, { params: { id: cardId } })).rowsRead;
