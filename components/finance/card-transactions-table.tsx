"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { MaybeLink } from "@/components/ui/maybe-link";
import { useRouter } from "next/navigation";
import { memo, useEffect, useRef, useState } from "react";
import { Badge, statusTone } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { isCredit, Money } from "@/components/ui/money";
import { RetryButton } from "@/components/ui/retry-button";
import { ScrollX } from "@/components/ui/scroll-x";
import { focusRing } from "@/components/ui/cx";
import type { CardRow } from "@/lib/finance/card-rows";
import { objectHref } from "@/lib/finance/object-href";
import { tableStateToSearch, type CardTableState } from "@/lib/finance/card-table-state";
import { isErrorOf } from "@/lib/client/call";
import { failureMessage } from "@/lib/client/fetcher";
import type { ShownCardWindow } from "@/lib/client/card-transactions";
import { codeWords } from "@/lib/format/code-words-plain";
import { formatMoney, isShownAmount } from "@/lib/format/money";
import { getCardWindow } from "@/lib/contracts/endpoints/card-transactions";
import { FIRST_ROWS, ROW_HEIGHT_VAR, type LiveRows } from "./card-rows-layout";

// The virtualizer and the later pages load once the rows box scrolls (or is taller than the first
// rows): the first paint, and a screen of rows, need neither.
const CardVirtualRows = lazyPart(() => import("./card-virtual-rows"), "CardVirtualRows");

type Props = {
  cardId: string;
  /** The first page of the view on screen: its count, snapshot and filters say what the other pages are. */
  first: ShownCardWindow;
  onSort: (column: CardTableState["sort"]) => void;
  /** The snapshot behind a page is gone: the view starts again from a new one. */
  onReload: () => void;
};

// Every row is a grid of its own, so the columns are fixed widths, the same on every row. The amount's
// 10.5rem holds a 12-digit amount with its cents ("$123,456,789,012.00"); a longer text is drawn a
// size smaller (see AMOUNT_LONG). The description and reference gave up the room, so the six columns
// still fit from 58rem (both are cut with an ellipsis, the whole value on hover).
const COLUMNS =
  "grid grid-cols-[16rem_minmax(8.5rem,2fr)_minmax(6rem,1fr)_6.5rem_5rem_10.5rem] items-center gap-3 px-3 @max-[58rem]:grid-cols-[minmax(0,1fr)_auto] @max-[58rem]:gap-y-1";
/** Characters of an amount as shown (sign, symbol or code included) from which it is drawn a size smaller. */
export const AMOUNT_LONG = 20;
const COMPACT = {
  date: "@max-[58rem]:col-start-1 @max-[58rem]:row-start-2 @max-[58rem]:text-xs",
  description: "@max-[58rem]:col-start-1 @max-[58rem]:row-start-1",
  secondary: "@max-[58rem]:sr-only",
  status: "@max-[58rem]:col-start-2 @max-[58rem]:row-start-2 @max-[58rem]:justify-self-end",
  amount: "@max-[58rem]:col-start-2 @max-[58rem]:row-start-1",
};

/**
 * Only the rows in view are in the DOM (@tanstack/react-virtual), and only their pages are
 * fetched, so 100,000 rows scroll like 50. Rows of a page still on its way show as placeholders.
 * ARIA table roles on divs: a real <table> cannot hold absolutely positioned rows.
 */
export const CardTransactionsTable = memo(function CardTransactionsTable({ cardId, first, onSort, onReload }: Props) {
  const tableRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const [live, setLive] = useState(false);
  const [reported, setReported] = useState<LiveRows | null>(null);
  // A report for the view before this one is not this view's rows (the next report comes before paint).
  const rows = reported?.first === first ? reported : null;
  const indexes = rows?.indexes ?? Array.from({ length: Math.min(first.matched, FIRST_ROWS) }, (_, i) => i);
  const rowAt = rows?.rowAt ?? ((index: number) => first.rows[index]);

  // A box taller than the first rows (a tall screen, a window made taller) needs the virtualizer to fill it.
  useEffect(() => {
    const box = scrollRef.current;
    const table = tableRef.current;
    if (!box || !table || live) return;
    const check = () => {
      const rowHeight = parseFloat(getComputedStyle(table).getPropertyValue(ROW_HEIGHT_VAR));
      if (first.matched > FIRST_ROWS && box.clientHeight > FIRST_ROWS * rowHeight) setLive(true);
    };
    check();
    window.addEventListener("resize", check);
    return () => window.removeEventListener("resize", check);
  }, [first.matched, live]);

  // A new filter or sort starts at the top; more pages of the same view do not move the scroll.
  const viewKey = `${first.snapshot.id}|${tableStateToSearch(first.view)}`;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  const state = first.view;
  const sortState = (column: CardTableState["sort"]) =>
    state.sort === column ? (state.dir === "asc" ? "ascending" : "descending") : "none";
  const href = (row: CardRow) => objectHref("card_transaction", row.id, cardId);
  const failedPage = rows?.failed;

  return (
    // Header and rows would scroll sideways together in one box (text zoomed past the compact
    // layout); the rows box below scrolls vertically only, so the header never drifts off its columns.
    // The row height is a CSS variable too, so rows placed by the server render before any script
    // already have the compact layout's height on a phone.
    <div className="@container">
      <ScrollX label="Card transactions">
        <div
          ref={tableRef}
          role="table"
          aria-label="Card transactions"
          aria-rowcount={first.matched + 1}
          className="text-sm [--card-row-height:44px] @max-[58rem]:[--card-row-height:60px]"
        >
          <div role="rowgroup" className="border-b border-slate-200 bg-slate-50">
            <div role="row" aria-rowindex={1} className={`${COLUMNS} py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase`}>
              <SortHeader label="Date" sort={sortState("date")} onClick={() => onSort("date")} />
              <div role="columnheader" className={COMPACT.secondary}>
                Description
              </div>
              <div role="columnheader" className={COMPACT.secondary}>
                Reference
              </div>
              <div role="columnheader" className={COMPACT.secondary}>
                Status
              </div>
              <div role="columnheader" className={COMPACT.secondary}>
                Type
              </div>
              <SortHeader label="Amount" sort={sortState("amount")} onClick={() => onSort("amount")} right />
            </div>
          </div>
          {failedPage ? (
            <div role="alert" className="flex items-center justify-between gap-3 border-b border-red-200 bg-red-50 px-3 py-2 text-red-800">
              <span>{failureMessage(failedPage.error, "More rows could not be loaded.")}</span>
              {isErrorOf(getCardWindow, failedPage.error, "snapshot_expired") ? (
                <RetryButton onRetry={onReload} label="Load the list again" />
              ) : (
                <RetryButton onRetry={failedPage.retry} />
              )}
            </div>
          ) : null}
          <div
            ref={scrollRef}
            className="h-[60vh] min-h-80 overflow-x-hidden overflow-y-auto"
            data-testid="card-rows-scroll"
            onScroll={live ? undefined : () => setLive(true)}
          >
            <div role="rowgroup" style={{ height: `calc(${first.matched} * var(${ROW_HEIGHT_VAR}))`, position: "relative" }}>
              {indexes.map((index) => {
                const row = rowAt(index);
                const place = { height: `var(${ROW_HEIGHT_VAR})`, transform: `translateY(calc(${index} * var(${ROW_HEIGHT_VAR})))` };
                if (!row) {
                  return (
                    <div
                      key={`loading-${index}`}
                      role="row"
                      aria-rowindex={index + 2}
                      aria-busy="true"
                      data-testid="card-row-loading"
                      className={`${COLUMNS} absolute inset-x-0 border-b border-slate-100 bg-white`}
                      style={place}
                    >
                      <div role="cell" className="col-span-full">
                        <span className="sr-only">Loading…</span>
                        <div aria-hidden="true" className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
                      </div>
                    </div>
                  );
                }
                const rowHref = href(row);
                return (
                  <div
                    key={row.id}
                    role="row"
                    aria-rowindex={index + 2}
                    data-testid="card-row"
                    onClick={(e) => {
                      if (rowHref !== null && !(e.target as HTMLElement).closest("a")) router.push(rowHref);
                    }}
                    className={`${COLUMNS} absolute inset-x-0 border-b border-slate-100 bg-white hover:bg-slate-50 ${rowHref === null ? "" : "cursor-pointer"}`}
                    style={place}
                  >
                    <div role="cell" className={`text-slate-700 ${COMPACT.date}`}>
                      <DateTime value={row.created_at} />
                    </div>
                    <div role="cell" className={`min-w-0 truncate ${COMPACT.description}`}>
                      {/* Cut to the column with an ellipsis; the whole name on hover. */}
                      <MaybeLink
                        href={rowHref}
                        title={row.description ?? row.merchant_name ?? row.id}
                        className="rounded"
                        linkClassName="text-brand-700 hover:underline"
                      >
                        {row.description ?? row.merchant_name ?? row.id}
                      </MaybeLink>
                      {row.report ? (
                        <Badge tone="danger" className="ml-2">
                          Reported
                        </Badge>
                      ) : null}
                    </div>
                    <div
                      role="cell"
                      className={`truncate font-mono text-xs text-slate-600 ${COMPACT.secondary}`}
                      title={row.reference ?? undefined}
                    >
                      {row.reference ?? "—"}
                    </div>
                    <div role="cell" className={COMPACT.status}>
                      <Badge tone={statusTone(row.status)}>{codeWords(row.status) || "—"}</Badge>
                    </div>
                    <div role="cell" className={`text-slate-700 ${COMPACT.secondary}`}>
                      {codeWords(row.type) || "—"}
                    </div>
                    {/* Whole and right-aligned; past any width a row could hold, cut with the whole amount on hover. */}
                    <div role="cell" className={`min-w-0 truncate text-right tabular-nums ${COMPACT.amount}`}>
                      <Money
                        amount={row.amount}
                        currency={row.currency}
                        credit={isCredit(row.type)}
                        className={amountLength(row) >= AMOUNT_LONG ? "text-xs" : undefined}
                      />
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </ScrollX>
      {live ? <CardVirtualRows cardId={cardId} first={first} tableRef={tableRef} scrollRef={scrollRef} onRows={setReported} /> : null}
    </div>
  );
});

/** The length of a row's amount as Money draws it, a credit's "+" included. */
export function amountLength(row: Pick<CardRow, "amount" | "currency" | "type">): number {
  const text = formatMoney(row.amount, row.currency);
  return isCredit(row.type) && isShownAmount(row.amount) ? text.replace(/^-/, "").length + 1 : text.length;
}

function SortHeader({
  label,
  sort,
  onClick,
  right,
}: {
  label: string;
  sort: "ascending" | "descending" | "none";
  onClick: () => void;
  right?: boolean;
}) {
  const arrow = sort === "ascending" ? "↑" : sort === "descending" ? "↓" : "↕";
  return (
    <div role="columnheader" aria-sort={sort} className={right ? "text-right" : undefined}>
      <button
        type="button"
        onClick={onClick}
        className={`inline-flex items-center gap-1 rounded px-0 py-1 uppercase hover:text-slate-800 ${focusRing}`}
      >
        {label} <span aria-hidden="true">{arrow}</span>
        <span className="sr-only">{sort === "none" ? ", not sorted" : `, sorted ${sort}`}</span>
      </button>
    </div>
  );
}
