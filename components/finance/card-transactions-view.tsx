"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useDeferredValue, useMemo, useState } from "react";
import { QueryState } from "@/components/shell/query-state";
import { Button, Card, EmptyState, Field, Input, Money, PageHeader, Select } from "@/components/ui";
import { cardRowsToCsv } from "@/lib/finance/card-csv";
import type { CardRow } from "@/lib/finance/card-rows";
import { buildSearchIndex, distinctValues, filterOrder, parseTableState, sortOrder, tableStateToSearch, type CardTableState } from "@/lib/finance/card-table-state";
import { sumByCurrency } from "@/lib/format";
import { cardRowsQuery } from "@/lib/query/finance";
import { CardTransactionsTable } from "./card-transactions-table";

export function CardTransactionsView({ cardId }: { cardId: string }) {
  const query = useQuery(cardRowsQuery(cardId));
  return (
    <>
      <PageHeader title={cardId} subtitle="Card transactions" breadcrumbs={[{ label: "Finance", href: "/finance" }, { label: "Cards" }]} />
      <QueryState query={query} notFound={{ title: "Card not found", message: `No card has the id ${cardId}. Check the id and try again.` }}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No transactions yet" message="This card has no transactions." />
          ) : (
            <Explorer cardId={cardId} rows={rows} />
          )
        }
      </QueryState>
    </>
  );
}

/**
 * The table state lives in the URL. Selects and sorting push a history entry (back undoes them);
 * the text filter replaces the current one, so typing does not fill the history.
 */
function Explorer({ cardId, rows }: { cardId: string; rows: CardRow[] }) {
  const params = useSearchParams();
  const urlState = parseTableState(params);
  const [q, setQ] = useState(urlState.q);
  // Back/forward changes the URL under us: the box follows it (state adjusted during render).
  const [seenUrlQ, setSeenUrlQ] = useState(urlState.q);
  if (seenUrlQ !== urlState.q) {
    setSeenUrlQ(urlState.q);
    setQ(urlState.q);
  }
  const deferredQ = useDeferredValue(q);

  const index = useMemo(() => buildSearchIndex(rows), [rows]);
  const statuses = useMemo(() => distinctValues(rows, "status"), [rows]);
  const types = useMemo(() => distinctValues(rows, "type"), [rows]);
  const sorted = useMemo(() => sortOrder(rows, urlState.sort, urlState.dir), [rows, urlState.sort, urlState.dir]);
  const order = useMemo(
    () => filterOrder(rows, index, sorted, { status: urlState.status, type: urlState.type, q: deferredQ }),
    [rows, index, sorted, urlState.status, urlState.type, deferredQ],
  );
  const totals = useMemo(() => sumByCurrency(order.map((i) => rows[i]!)), [order, rows]);

  const go = (next: Partial<CardTableState>, mode: "push" | "replace") => {
    const url = `${window.location.pathname}${tableStateToSearch({ ...urlState, q, ...next })}`;
    // Next.js keeps useSearchParams in step with the native history API, without a server round trip.
    if (mode === "push") window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  };
  const onSort = (column: CardTableState["sort"]) =>
    go({ sort: column, dir: urlState.sort === column ? (urlState.dir === "asc" ? "desc" : "asc") : "desc" }, "push");

  const exportCsv = () => {
    const blob = new Blob([cardRowsToCsv(rows, order)], { type: "text/csv;charset=utf-8" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${cardId}-transactions.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  return (
    <div className="space-y-4">
      <Card>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
          <Field label="Search description, merchant or reference" htmlFor="card-filter-q">
            <Input
              id="card-filter-q"
              type="search"
              value={q}
              maxLength={100}
              onChange={(e) => {
                setQ(e.target.value);
                go({ q: e.target.value }, "replace");
              }}
            />
          </Field>
          <Field label="Status" htmlFor="card-filter-status">
            <Select id="card-filter-status" value={urlState.status} onChange={(e) => go({ status: e.target.value }, "push")}>
              <option value="">All statuses</option>
              {statuses.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </Field>
          <Field label="Type" htmlFor="card-filter-type">
            <Select id="card-filter-type" value={urlState.type} onChange={(e) => go({ type: e.target.value }, "push")}>
              <option value="">All types</option>
              {types.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </Select>
          </Field>
          <Button variant="secondary" onClick={exportCsv} disabled={order.length === 0}>
            Export CSV ({order.length.toLocaleString("en-US")})
          </Button>
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" aria-live="polite" data-testid="card-totals">
        <span className="text-slate-600">
          <span data-testid="card-row-count">{order.length.toLocaleString("en-US")}</span> of {rows.length.toLocaleString("en-US")} transactions
        </span>
        {[...totals].map(([currency, total]) => (
          <span key={currency || "none"} className="text-slate-600">
            Total {currency || "(no currency)"}: <Money amount={total} currency={currency || null} className="font-semibold text-slate-900" />
          </span>
        ))}
      </div>
      <Card flush>
        {order.length === 0 ? (
          <EmptyState title="No transactions match" message="Change or clear the filters." className="m-4" />
        ) : (
          <CardTransactionsTable cardId={cardId} rows={rows} order={order} state={urlState} onSort={onSort} />
        )}
      </Card>
    </div>
  );
}
