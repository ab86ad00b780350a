"use client";

import { useQueries } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useLayoutEffect, type RefObject } from "react";
import { useCustomPropertyPx } from "@/components/hooks/use-custom-property-px";
import { CARD_PAGE_SIZE } from "@/lib/finance/card-page-size";
import { cardWindowQuery, type ShownCardWindow } from "@/lib/client/card-transactions";
import { OVERSCAN, ROW_HEIGHT_VAR, SERVER_RECT, WIDE_ROW_HEIGHT, type LiveRows } from "./card-rows-layout";

type Props = {
  cardId: string;
  first: ShownCardWindow;
  tableRef: RefObject<HTMLDivElement | null>;
  scrollRef: RefObject<HTMLDivElement | null>;
  onRows: (rows: LiveRows) => void;
};

/**
 * The virtualizer (@tanstack/react-virtual) and the pages it scrolls to, loaded by the table once
 * the rows box scrolls or is taller than its first rows. It draws nothing itself: it hands the
 * table which rows to draw, so the rows already on screen (and a focused link in one) stay.
 * Memoised: every report re-renders the table, which must not render this again.
 */
export const CardVirtualRows = memo(function CardVirtualRows({ cardId, first, tableRef, scrollRef, onRows }: Props) {
  const rowHeight = useCustomPropertyPx(tableRef, ROW_HEIGHT_VAR, WIDE_ROW_HEIGHT);
  const virtualizer = useVirtualizer({
    count: first.matched,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialRect: SERVER_RECT,
    // Loaded by a scroll: start where the box already is.
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const pages = [...new Set(items.map((item) => Math.floor(item.index / CARD_PAGE_SIZE)))].filter((p) => p > 0);
  const source = { snapshot: first.snapshot.id };
  const fetched = useQueries({ queries: pages.map((page) => cardWindowQuery(cardId, first.view, source, page)) });
  const pageRows = new Map<number, ShownCardWindow["rows"]>([[0, first.rows]]);
  pages.forEach((page, i) => {
    const rows = fetched[i]?.data?.rows;
    if (rows) pageRows.set(page, rows);
  });
  const failedPage = fetched.find((f) => f.isError);

  // A window crossing the compact width (a tablet turned, a sidebar opened) changes every row's height.
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  // Before paint, so a scrolled-to row is never drawn blank for a frame.
  useLayoutEffect(() => {
    onRows({
      first,
      indexes: items.map((item) => item.index),
      rowAt: (index) => pageRows.get(Math.floor(index / CARD_PAGE_SIZE))?.[index % CARD_PAGE_SIZE],
      failed: failedPage ? { error: failedPage.error, retry: () => void failedPage.refetch() } : null,
    });
  });
  return null;
});
