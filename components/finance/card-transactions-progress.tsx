"use client";

import { useEffect, useState } from "react";
import { LoadingState } from "@/components/ui";

const POLL_MS = 400;
const count = new Intl.NumberFormat("en-US");

/**
 * Shown while the server reads a card's whole list from the payments API (it has no paging, so a
 * busy card takes a few seconds): the rows read so far, asked of the server a few times a second.
 * The page replaces it with the table once the first rows are ready.
 */
export function CardTransactionsProgress({ cardId }: { cardId: string }) {
  const [rowsRead, setRowsRead] = useState<number | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await fetch(`/api/v1/cards/${encodeURIComponent(cardId)}/transactions/progress`, { cache: "no-store" });
        if (res.ok && !stopped) setRowsRead(((await res.json()) as { rowsRead: number | null }).rowsRead);
      } catch {
        // The page's own load reports failures; the count is only a courtesy.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [cardId]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" data-testid="card-rows-progress">
        Reading this card&apos;s transactions from the payments API…
        {rowsRead ? ` ${count.format(rowsRead)} rows so far.` : ""}
      </p>
      <LoadingState label="Loading the card's transactions" />
    </div>
  );
}
