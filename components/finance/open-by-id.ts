"use client";

import type { QueryClient } from "@tanstack/react-query";
import { DEFAULT_STATE } from "@/lib/finance/card-table-state";
import { lookupOrder, type SearchableKind } from "@/lib/finance/objects";
import { objectHref } from "@/lib/finance/object-href";
import { failureMessage, isNotFound } from "@/lib/client/fetcher";
import { isValidPathParam, PATH_PARAM_MESSAGE } from "@/lib/path-params";
import { cardWindowQuery } from "@/lib/client/card-transactions";
import { billQuery, collectionQuery, transactionQuery } from "@/lib/client/finance";

/**
 * The page of an id: with "any" kind the reads are tried in order (the id's prefix first) and the
 * first that exists wins. Each read goes through the query cache, so the page it opens shows at once.
 * Shared by the finance id box and the command palette.
 */
export async function resolveObjectHref(
  queryClient: QueryClient,
  id: string,
  kind: SearchableKind | "any",
): Promise<{ href: string } | { error: string }> {
  // The id box and the palette pass only ids normaliseSearchId took, so every href below exists.
  if (!isValidPathParam(id)) return { error: PATH_PARAM_MESSAGE };
  const order = lookupOrder(id, kind);
  if (order.length === 1) return { href: objectHref(order[0]!, id)! };
  for (const candidate of order) {
    try {
      await queryClient.fetchQuery(queryFor(candidate, id) as never);
      return { href: objectHref(candidate, id)! };
    } catch (e) {
      if (!isNotFound(e)) return { error: failureMessage(e, "The search failed. Try again.") };
    }
  }
  return { error: `Nothing has the id ${id}: no transaction, bill, collection account or card.` };
}

function queryFor(kind: SearchableKind, id: string) {
  switch (kind) {
    case "transaction":
      return transactionQuery(id);
    case "bill":
      return billQuery(id);
    case "collection":
      return collectionQuery(id);
    case "card":
      // The first page is enough to know the card exists; the page then reuses the server's snapshot.
      return cardWindowQuery(id, DEFAULT_STATE, { generation: 0, refresh: false }, 0);
  }
}
