"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { memo, useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { QueryErrorState, QueryState, RefreshFailed } from "@/components/shell/query-state";
import { useTimeZone } from "@/components/shell/time-zone";
import { Button, buttonClasses, Spinner } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { lazyPart } from "@/components/ui/lazy-part";
import { Field, Input, Select } from "@/components/ui/field";
import { Money } from "@/components/ui/money";
import { cx } from "@/components/ui/cx";
import { SHOWN_WHOLE, WholeEnd } from "@/components/ui/shown-whole";
import { hasFilters, parseTableState, rangeZone, tableStateToSearch, type CardTableState } from "@/lib/finance/card-table-state";
import {
  cardListSource,
  initialCardListState,
  listAnswered,
  listFailed,
  refreshStatus,
  reloadReleased,
  startRefresh,
  type RefreshStatus,
} from "@/lib/client/card-list-refresh";
import { BUCKET_LABELS, fromMinor, type CurrencyTotals, type MinorSum } from "@/lib/finance/card-totals";
import type { CardWindow } from "@/lib/finance/card-window";
import { writeAddress } from "@/lib/client/address";
import { isErrorOf } from "@/lib/client/call";
import { BffError, isNotFound } from "@/lib/client/fetcher";
import { cardExportUrl, cardWindowQuery, type ShownCardWindow } from "@/lib/client/card-transactions";
import { codeWords } from "@/lib/format/code-words-plain";
import { zoneLabel } from "@/lib/time/zone";
import { countOf, formatCount } from "@/lib/format/count";
import { CardTransactionsTable } from "./card-transactions-table";
import type { CardFiltersNotApplied } from "./card-filters-not-applied";
import { getCardWindow } from "@/lib/contracts/endpoints/card-transactions";

type Props = {
  cardId: string;
  /** The first window, rendered on the server for the view in the URL, so rows show before the scripts run. */
  initial?: { window: CardWindow; view: CardTableState };
  /** The server render's failure, shown with a retry rather than asked again at once. */
  initialError?: { status: number; code: string; message: string };
  /** Filters of the address the page was opened at that the list left out, with the notice saying why. */
  notApplied?: CardFiltersNotApplied;
};

// An unknown card is rare: its page loads this state when it is shown (drawn by the server when the
// page opens on one, so nothing moves while it arrives).
const NotFoundState = lazyPart(() => import("@/components/shell/failure-states"), "NotFoundState");

const TYPING_PAUSE_MS = 150;

const sameView = (a: CardTableState, b: CardTableState) => tableStateToSearch(a) === tableStateToSearch(b);

/**
 * The table state lives in the URL. Selects and sorting push a history entry (back undoes them);
 * the text filter replaces the current one, so typing does not fill the history. The server
 * filters and sorts a snapshot of the card's list; this view pins the snapshot it first got, so
 * every page, total and CSV of the view comes from the same copy until "Refresh". A Refresh keeps
 * that copy on screen until the new one has arrived, and keeps it, with the reason, if it does not.
 */
export function CardTransactionsView({ cardId, initial, initialError, notApplied }: Props) {
  const queryClient = useQueryClient();
  const params = useSearchParams();
  const urlState = parseTableState(params);
  // The search box writes the URL once typing pauses; the table follows it in a deferred render.
  const deferredQ = useDeferredValue(urlState.q);
  const view: CardTableState = { ...urlState, q: deferredQ };
  // Clear filters starts the box afresh, dropping text typed but not yet written to the URL.
  const [clears, setClears] = useState(0);
  // What the filter controls show: the URL's state, with a choice applied at once, before the
  // router has re-read the URL. Left showing the old value until then, a select is set back by
  // React after its 'input' event, and its 'change' event then reports that old value and undoes
  // the choice: a busy moment (just after hydration, say) made the filter snap back.
  const urlKey = tableStateToSearch(urlState);
  const [chosen, setChosen] = useState<{ for: string; values: Partial<CardTableState> }>({ for: urlKey, values: {} });
  if (chosen.for !== urlKey) setChosen({ for: urlKey, values: {} });
  const controls: CardTableState = { ...urlState, ...(chosen.for === urlKey ? chosen.values : {}) };
  const choose = (values: Partial<CardTableState>) => {
    setChosen((c) => ({ for: c.for, values: { ...c.values, ...values } }));
    go(() => values, "push");
  };

  const [list, setList] = useState(() => initialCardListState(initial?.window.snapshot.id));
  const [notice, setNotice] = useState<string | null>(null);
  const source = cardListSource(list);

  const [serverError, setServerError] = useState(
    initialError ? new BffError(initialError.status, initialError.code, initialError.message) : null,
  );
  const onRefresh = useCallback(() => {
    setNotice(null);
    setList(startRefresh);
  }, []);
  const onReload = useCallback(() => {
    setNotice("The list was loaded again: the copy this page was showing had been released on the server.");
    setList(reloadReleased);
  }, []);
  const options = cardWindowQuery(cardId, view, source, 0);
  const query = useQuery({
    ...options,
    queryFn: async (context) => {
      try {
        const answer = await options.queryFn!(context);
        // A new view's answer names its snapshot: pin it, keeping the answer under the pinned key.
        if (!("snapshot" in source)) {
          queryClient.setQueryData(cardWindowQuery(cardId, answer.view, { snapshot: answer.snapshot.id }, 0).queryKey, answer);
          setList((s) => listAnswered(s, source, answer.snapshot.id));
        }
        return answer;
      } catch (error) {
        if (isErrorOf(getCardWindow, error, "snapshot_expired")) onReload();
        throw error;
      }
    },
    enabled: !serverError,
    placeholderData: keepPreviousData,
    initialData:
      initial && "snapshot" in source && source.snapshot === initial.window.snapshot.id && sameView(view, initial.view)
        ? { ...initial.window, view: initial.view }
        : undefined,
  });
  // A failed Refresh goes back to the pinned copy (its answers are still cached) before the error
  // is drawn in the list's place: the list stays, with the failure said above it.
  if (query.isError) {
    const next = listFailed(list, source, query.error);
    if (next !== list) setList(next);
  }
  const refresh = refreshStatus(list);

  const onSort = useCallback((column: CardTableState["sort"]) => go((current) => nextSort(current, column), "push"), []);
  const onClear = useCallback(() => {
    setClears((n) => n + 1);
    go(() => ({ status: "", type: "", q: "", from: "", to: "", tz: "", currency: "" }), "push");
  }, []);
  // The staff member's zone: the one they chose, else their browser's (UTC until hydration, like DateTime).
  const { zone: ownZone, stored } = useTimeZone();
  // A range already in the URL keeps the zone it was set in, so a shared link means the same days;
  // one whose address names no (known) zone is read in UTC, as the server reads it.
  const zone = rangeZone(urlState, ownZone);
  const setDay = (field: "from" | "to", value: string) =>
    choose({ [field]: value, tz: controls.tz && (controls.from || controls.to) ? controls.tz : ownZone });

  // A card the payments API does not have leaves nothing to filter or export: only the not-found state.
  if (isNotFound(serverError) || isNotFound(query.error))
    return <NotFoundState {...notFound(cardId)} href="/finance" linkLabel="Find by id" />;

  const data = query.data;
  return (
    <div className="space-y-4">
      <Card>
        {/* One row only from xl: narrower, the selects would cut their own "All …" option short. Two
            columns even on a phone (but "All currencies" and the export need the whole width), so
            the rows start sooner. */}
        <div
          className={cx(
            "grid grid-cols-2 items-end gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(max-content,1fr))_auto]",
            SHOWN_WHOLE,
          )}
        >
          <Field
            label="Search description, merchant or reference"
            htmlFor="card-filter-q"
            className="col-span-2 lg:col-span-4 xl:col-span-1"
          >
            <SearchBox key={clears} urlQ={urlState.q} />
          </Field>
          <Field label="Status" htmlFor="card-filter-status" className={NARROWEST_FULL_WIDTH}>
            <Select id="card-filter-status" value={controls.status} onChange={(e) => choose({ status: e.target.value })}>
              <option value="">All statuses</option>
              {withCurrent(data?.statuses, controls.status).map((s) => (
                <option key={s} value={s}>
                  {codeWords(s)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Type" htmlFor="card-filter-type" className={NARROWEST_FULL_WIDTH}>
            <Select id="card-filter-type" value={controls.type} onChange={(e) => choose({ type: e.target.value })}>
              <option value="">All types</option>
              {withCurrent(data?.types, controls.type).map((t) => (
                <option key={t} value={t}>
                  {codeWords(t)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Currency" htmlFor="card-filter-currency" className="max-sm:col-span-2">
            <Select id="card-filter-currency" value={controls.currency} onChange={(e) => choose({ currency: e.target.value })}>
              <option value="">All currencies</option>
              {withCurrent(data?.currencies, controls.currency).map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          </Field>
          {/* Its grid column is sized by its content from 1280 px: wide enough for "Export CSV (200,000)" from the
              start, so the count arriving does not narrow the filters beside it. */}
          <ExportLink cardId={cardId} shown={data} ownZone={ownZone} className="tabular-nums max-sm:col-span-2 xl:min-w-[12.5rem]" />
          <WholeEnd />
        </div>
        <fieldset className="mt-4 grid grid-cols-2 items-end gap-x-3 gap-y-2 sm:flex sm:flex-wrap sm:gap-4">
          <legend className="sr-only">Date range</legend>
          <Field label="From date" htmlFor="card-filter-from" className={NARROWEST_FULL_WIDTH}>
            <Input
              id="card-filter-from"
              type="date"
              value={controls.from}
              max={controls.to || undefined}
              onChange={(e) => setDay("from", e.target.value)}
            />
          </Field>
          <Field label="To date" htmlFor="card-filter-to" className={NARROWEST_FULL_WIDTH}>
            <Input
              id="card-filter-to"
              type="date"
              value={controls.to}
              min={controls.from || undefined}
              onChange={(e) => setDay("to", e.target.value)}
            />
          </Field>
          <p className="col-span-2 text-sm text-slate-600 sm:pb-2" data-testid="card-filter-zone">
            Days run midnight to midnight in <span className="font-medium text-slate-800">{zoneLabel(zone)}</span>
            {zone !== ownZone
              ? urlState.tz
                ? " (the zone this range was set in)"
                : " (the address names no time zone)"
              : stored
                ? " (your time zone)"
                : " (your browser’s time zone)"}
            .
          </p>
          {hasFilters(urlState) ? (
            <Button variant="secondary" size="sm" className="mb-1 justify-self-start" onClick={onClear}>
              Clear filters
            </Button>
          ) : null}
        </fieldset>
        {/* Until a filter is chosen: that writes the address afresh, without the values refused. */}
        {notApplied && Object.entries(notApplied.values).every(([field, value]) => params.get(field) === value) ? notApplied.notice : null}
      </Card>
      <RefreshLine status={refresh} shown={data} onRetry={onRefresh} />
      {notice ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      {serverError ? (
        <QueryErrorState error={serverError} notFound={notFound(cardId)} onRetry={() => setServerError(null)} />
      ) : (
        <QueryState query={query} waitingFor="the card's transactions" notFound={notFound(cardId)}>
          {(shown) => (
            <Results
              cardId={cardId}
              shown={shown}
              updating={query.isPlaceholderData}
              refreshing={refresh.kind === "refreshing"}
              onRefresh={onRefresh}
              onReload={onReload}
              onSort={onSort}
              onClear={onClear}
            />
          )}
        </QueryState>
      )}
    </div>
  );
}

/**
 * The text filter holds what is typed in its own state, so a keystroke re-renders this box alone,
 * not the filters, the router and everything reading the URL. The URL, which the table follows,
 * is written once typing pauses (replacing the entry, so typing does not fill the history).
 * Back/forward change the URL under it: the box follows (state adjusted during render).
 */
function SearchBox({ urlQ }: { urlQ: string }) {
  const [q, setQ] = useState(urlQ);
  const [seenUrlQ, setSeenUrlQ] = useState(urlQ);
  const [written, setWritten] = useState(urlQ);
  if (seenUrlQ !== urlQ) {
    setSeenUrlQ(urlQ);
    // The URL catching up with what this box wrote is no change from outside: the keys typed
    // since (the router applies the URL a moment later) stay.
    if (urlQ !== asInUrl(written)) setQ(urlQ);
  }
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const onChange = (text: string) => {
    setQ(text);
    clearTimeout(pending.current);
    const urlQAtKey = currentUrlQ();
    pending.current = setTimeout(() => {
      // Back/forward during the pause took the URL elsewhere: what it holds now wins.
      if (currentUrlQ() !== urlQAtKey) return;
      setWritten(text);
      go(() => ({ q: text }), "replace");
    }, TYPING_PAUSE_MS);
  };
  return <Input id="card-filter-q" type="search" value={q} maxLength={100} onChange={(e) => onChange(e.target.value)} />;
}

const currentUrlQ = () => parseTableState(new URLSearchParams(window.location.search)).q;

/** The text as the URL holds it once written (a pasted tab becomes a space). */
const asInUrl = (text: string) => parseTableState(new URLSearchParams({ q: text })).q;

// Below 24rem (a 360 px phone) half a row cannot hold "All statuses" or a date: one per row there.
const NARROWEST_FULL_WIDTH = "max-[24rem]:col-span-2";

type ResultsProps = {
  cardId: string;
  shown: ShownCardWindow;
  updating: boolean;
  /** A Refresh is reading the card's list again: the rows shown are the pinned copy's until it arrives. */
  refreshing: boolean;
  onRefresh: () => void;
  onReload: () => void;
  onSort: (column: CardTableState["sort"]) => void;
  onClear: () => void;
};

/** Memoised: a keystroke re-renders the filters, not the rows, until the new view's rows arrive. */
const Results = memo(function Results({ cardId, shown, updating, refreshing, onRefresh, onReload, onSort, onClear }: ResultsProps) {
  if (shown.snapshot.total === 0) return <EmptyState title="No transactions yet" message="This card has no transactions." />;
  // A reversed range matches nothing; say why, as the audit trail does, instead of a bare "no match".
  const reversed = Boolean(shown.view.from && shown.view.to && shown.view.from > shown.view.to);
  // On a phone the currency totals (a screen or more of figures) follow the first transactions
  // instead of pushing them below the fold: the summary's parts join this column and reorder.
  return (
    <div className="flex flex-col gap-6 max-md:gap-3">
      <Summary shown={shown} updating={updating} refreshing={refreshing} onRefresh={onRefresh} />
      <Card flush>
        {shown.matched === 0 ? (
          <EmptyState
            title={reversed ? "The dates are the wrong way round" : "No transactions match"}
            message={
              reversed
                ? `The start date (${shown.view.from}) is after the end date (${shown.view.to}), so no day is in between. Swap the dates, or clear the filters.`
                : "No transaction of this card passes every filter. Change them, or clear them to see the whole list."
            }
            action={
              <Button variant="secondary" onClick={onClear}>
                Clear filters
              </Button>
            }
            className="m-4"
          />
        ) : (
          <CardTransactionsTable cardId={cardId} first={shown} onReload={onReload} onSort={onSort} />
        )}
      </Card>
    </div>
  );
});

/**
 * Changes the view in the URL, from the URL's current state (the text box writes into it on every
 * keystroke), so the callers need no render state and stay stable. writeAddress keeps
 * useSearchParams in step, without a server round trip.
 */
function go(change: (current: CardTableState) => Partial<CardTableState>, mode: "push" | "replace") {
  writeAddress(() => {
    const current = parseTableState(new URLSearchParams(window.location.search));
    return `${window.location.pathname}${tableStateToSearch({ ...current, ...change(current) })}`;
  }, mode);
}

const notFound = (cardId: string) => ({ title: "Card not found", message: `No card has the id ${cardId}. Check the id and try again.` });

function nextSort(state: CardTableState, column: CardTableState["sort"]): Partial<CardTableState> {
  return { sort: column, dir: state.sort === column ? (state.dir === "asc" ? "desc" : "asc") : "desc" };
}

/** A value from the URL stays selectable even before (or if never) the list offers it. */
function withCurrent(values: readonly string[] | undefined, current: string): string[] {
  const list = [...(values ?? [])];
  if (current && !list.includes(current)) list.push(current);
  return list;
}

type SummaryProps = { shown: ShownCardWindow; updating: boolean; refreshing: boolean; onRefresh: () => void };

export function Summary({ shown, updating, refreshing, onRefresh }: SummaryProps) {
  return (
    <div className="space-y-3 max-md:contents" aria-live="polite" aria-busy={updating} data-testid="card-totals">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="text-slate-600">
          <span data-testid="card-row-count">{formatCount(shown.matched)}</span> of {formatCount(shown.snapshot.total)} transactions
        </span>
        <span className="ml-auto flex items-center gap-2 text-slate-500">
          <span>
            List as of <DateTime value={shown.snapshot.fetchedAt} />
          </span>
          {/* aria-disabled rather than disabled while it works: a disabled button would drop the
              keyboard focus of whoever pressed it. */}
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={refreshing || undefined}
            onClick={refreshing ? undefined : onRefresh}
            data-testid="card-refresh"
          >
            {refreshing ? <Spinner /> : null}
            {refreshing ? "Refreshing…" : "Refresh"}
          </Button>
        </span>
      </div>
      {shown.totals.map((t) => (
        <CurrencySplit key={t.currency || "none"} totals={t} />
      ))}
    </div>
  );
}

/**
 * One currency's money as finance signs it off: what was spent and refunded (successful rows
 * only), the net, and what did not settle, apart. Summed on the server in minor units.
 */
function CurrencySplit({ totals: t }: { totals: CurrencyTotals }) {
  const code = t.currency || null;
  const money = (minor: MinorSum, credit = false) => <Money amount={fromMinor(minor, t.digits)} currency={code} credit={credit} />;
  const unsettled = (["failed", "reversed", "pending", "other"] as const).filter((b) => b !== "other" || t.count.other > 0);
  return (
    <section
      aria-label={`Totals in ${t.currency || "no currency"}`}
      data-testid={`card-totals-${t.currency || "none"}`}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm max-md:order-last"
    >
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.currency || "(no currency)"}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 sm:gap-x-6">
        <Figure label={BUCKET_LABELS.spent} count={t.count.spent} testId="spent">
          {money(t.minor.spent)}
        </Figure>
        <Figure label={BUCKET_LABELS.refunded} count={t.count.refunded} testId="refunded">
          {money(t.minor.refunded, true)}
        </Figure>
        <Figure label="Net spent (spent − refunded)" testId="net" strong className="max-sm:col-span-2">
          {money(t.minor.net)}
        </Figure>
      </dl>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 border-t border-slate-100 pt-2 text-slate-600">
        {unsettled.map((b) => (
          <Figure key={b} label={`${BUCKET_LABELS[b]}, not in net`} count={t.count[b]} testId={b} small>
            {money(t.minor[b])}
          </Figure>
        ))}
      </dl>
    </section>
  );
}

type FigureProps = {
  label: string;
  count?: number;
  testId: string;
  strong?: boolean;
  small?: boolean;
  className?: string;
  children: React.ReactNode;
};

function Figure({ label, count, testId, strong, small, className, children }: FigureProps) {
  return (
    <div className={cx("min-w-0", small && "flex items-baseline gap-2", className)} data-testid={`total-${testId}`}>
      <dt className={small ? "text-xs" : "text-xs text-slate-500"}>
        {label}
        {count !== undefined ? <span className="text-slate-500"> · {countOf(count, "row")}</span> : null}
      </dt>
      {/* A sum of a busy card may be wider than its third of the row: it wraps inside it. */}
      <dd
        className={cx(
          "min-w-0 [overflow-wrap:anywhere] [&_span]:whitespace-normal",
          strong ? "text-base font-semibold text-slate-900" : small ? "tabular-nums" : "text-base text-slate-900",
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/**
 * Says a Refresh is under way (to a screen reader: the button says it on screen), and when it failed,
 * why, and that the list below is still the copy read before, with a way to try again. While it is
 * tried again the line stays, its button working, so the focus on it is not lost.
 */
export function RefreshLine({
  status,
  shown,
  onRetry,
}: {
  status: RefreshStatus;
  shown: ShownCardWindow | undefined;
  onRetry: () => void;
}) {
  const failure = status.kind === "failed" ? { error: status.error } : status.kind === "refreshing" ? status.failedBefore : null;
  const retrying = status.kind === "refreshing";
  return (
    <>
      <p role="status" className="sr-only">
        {retrying ? "Reading the card's transactions again from the payments API…" : ""}
      </p>
      <RefreshFailed
        failure={failure ? { error: failure.error, readAt: shown?.snapshot.fetchedAt ?? null } : null}
        onRetry={onRetry}
        retrying={retrying}
        testId="card-refresh-failed"
      />
    </>
  );
}

/** The CSV of exactly the view on screen: same snapshot, same filters and order, built on the server. */
function ExportLink({
  cardId,
  shown,
  ownZone,
  className,
}: {
  cardId: string;
  shown: ShownCardWindow | undefined;
  ownZone: string;
  className?: string;
}) {
  if (!shown || shown.matched === 0) {
    return (
      <Button variant="secondary" disabled className={className}>
        Export CSV
      </Button>
    );
  }
  // A range whose address names no zone is read in UTC on screen; the CSV reads it the same way.
  const href = cardExportUrl(cardId, shown, rangeZone(shown.view, ownZone));
  return (
    <a href={href} download={`${cardId}-transactions.csv`} className={cx(buttonClasses("secondary"), className)}>
      Export CSV ({formatCount(shown.matched)})
    </a>
  );
}
