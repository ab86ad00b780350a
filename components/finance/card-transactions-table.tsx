"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { Badge, DateTime, Money, statusTone } from "@/components/ui";
import { focusRing } from "@/components/ui/cx";
import type { CardRow } from "@/lib/finance/card-rows";
import type { CardTableState } from "@/lib/finance/card-table-state";

const ROW_HEIGHT = 44;

type Props = {
  cardId: string;
  rows: readonly CardRow[];
  order: readonly number[];
  state: CardTableState;
  onSort: (column: CardTableState["sort"]) => void;
};

const COLUMNS = "grid grid-cols-[11rem_minmax(12rem,2fr)_minmax(8rem,1fr)_7rem_6rem_8rem] items-center gap-3 px-3";

/**
 * Only the rows in view are in the DOM (@tanstack/react-virtual), so 100,000 rows scroll like 50.
 * ARIA grid-less table roles on divs: a real <table> cannot hold absolutely positioned rows.
 */
export function CardTransactionsTable({ cardId, rows, order, state, onSort }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const router = useRouter();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is a mutable store by design
  const virtualizer = useVirtualizer({ count: order.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const sortState = (column: CardTableState["sort"]) => (state.sort === column ? (state.dir === "asc" ? "ascending" : "descending") : "none");
  const href = (row: CardRow) => `/cards/${encodeURIComponent(cardId)}/transactions/${encodeURIComponent(row.id)}`;

  return (
    <div role="table" aria-label="Card transactions" aria-rowcount={order.length + 1} className="text-sm">
      <div role="rowgroup" className="border-b border-slate-200 bg-slate-50">
        <div role="row" aria-rowindex={1} className={`${COLUMNS} py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase`}>
          <SortHeader label="Date" sort={sortState("date")} onClick={() => onSort("date")} />
          <div role="columnheader">Description</div>
          <div role="columnheader">Reference</div>
          <div role="columnheader">Status</div>
          <div role="columnheader">Type</div>
          <SortHeader label="Amount" sort={sortState("amount")} onClick={() => onSort("amount")} right />
        </div>
      </div>
      <div ref={scrollRef} className="h-[60vh] min-h-80 overflow-auto" data-testid="card-rows-scroll">
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[order[item.index]!]!;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid="card-row"
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest("a")) router.push(href(row));
                }}
                className={`${COLUMNS} absolute inset-x-0 cursor-pointer border-b border-slate-100 bg-white hover:bg-slate-50`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <div role="cell" className="text-slate-700">
                  <DateTime value={row.created_at} />
                </div>
                <div role="cell" className="min-w-0 truncate">
                  <Link href={href(row)} className={`rounded text-brand-700 hover:underline ${focusRing}`}>
                    {row.description ?? row.merchant_name ?? row.id}
                  </Link>
                  {row.report ? <Badge tone="danger" className="ml-2">Reported</Badge> : null}
                </div>
                <div role="cell" className="truncate font-mono text-xs text-slate-600">
                  {row.reference ?? "—"}
                </div>
                <div role="cell">
                  <Badge tone={statusTone(row.status)}>{row.status ?? "—"}</Badge>
                </div>
                <div role="cell" className="text-slate-700">
                  {row.type ?? "—"}
                </div>
                <div role="cell" className="text-right">
                  <Money amount={row.amount} currency={row.currency} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function SortHeader({ label, sort, onClick, right }: { label: string; sort: "ascending" | "descending" | "none"; onClick: () => void; right?: boolean }) {
  const arrow = sort === "ascending" ? "↑" : sort === "descending" ? "↓" : "↕";
  return (
    <div role="columnheader" aria-sort={sort} className={right ? "text-right" : undefined}>
      <button type="button" onClick={onClick} className={`inline-flex items-center gap-1 rounded px-0 py-1 uppercase hover:text-slate-800 ${focusRing}`}>
        {label} <span aria-hidden="true">{arrow}</span>
        <span className="sr-only">{sort === "none" ? ", not sorted" : `, sorted ${sort}`}</span>
      </button>
    </div>
  );
}
