import "server-only";
import type { Db } from "@/server/db/types";
import { randomUUID } from "node:crypto";
import { cardRowsToCsv } from "@/lib/finance/card-csv";
import { DEFAULT_STATE, type CardTableState } from "@/lib/finance/card-table-state";
import { CARD_PAGE_SIZE, type CardExportQuery, type CardWindow, type CardWindowQuery } from "@/lib/finance/card-window";
import type { ErrorEnvelope } from "@/lib/errors";
import type { CardTransaction } from "@/lib/schemas";
import { writeAudit } from "@/server/audit/writer";
import { failureOf } from "@/server/http/respond";
import { maskSensitiveDeep } from "@/server/privacy";
import type { StaffMember } from "@/server/auth/staff-repo";
import { upstream } from "@/server/upstream/client";
import { env } from "@/server/env";
import { bucketOf, CardTotalsAccumulator, type CurrencyTotals } from "@/lib/finance/card-totals";
import { canonicalTimeZone, isTimeZone } from "@/lib/time/zone";
import { dayRange } from "@/lib/time/zoned-day";
import { currencyMinorDigits, toMinorUnits } from "@/lib/format/money";
import type { FilteredView } from "./card-columns";
import { cardListLoader } from "./card-list-pages";
import { CardSnapshotStore, type Snapshot } from "./card-snapshots";
import { recordOpenedQuietly } from "./recent";
import { auditTarget } from "@/server/audit/target";
import { foldCardSearch } from "@/lib/finance/card-search-text";

// One store per server process, surviving hot reloads in development.
const globalStore = globalThis as unknown as { __cardSnapshots?: CardSnapshotStore };
function store(): CardSnapshotStore {
  globalStore.__cardSnapshots ??= new CardSnapshotStore((cardId, onProgress) => cardListLoader(upstream(), env())(cardId, onProgress));
  return globalStore.__cardSnapshots;
}

/** Rows read so far while a card's list loads (for the table's progress line); null when none is loading. */
export function cardListProgress(cardId: string): number | null {
  return store().progress(cardId) ?? null;
}

type ViewQuery = Pick<CardExportQuery, "sort" | "dir" | "status" | "type" | "q" | "from" | "to" | "tz" | "currency">;

// Date-range and currency views, remembered per snapshot like the snapshot's own views (scrolling
// asks for the same view page after page); they go with the snapshot when it is dropped.
const refinedViews = new WeakMap<Snapshot, Map<string, FilteredView>>();
const REFINED_VIEWS_PER_SNAPSHOT = 16;

/**
 * The snapshot's view (sort, status, type, text) narrowed to a date range read in the staff
 * member's zone and to one currency, with its totals. The snapshot store filters and caches the
 * first four; the range and currency are applied here, on its rows, so its cache key stays whole.
 */
function viewOf(snapshot: Snapshot, query: ViewQuery): FilteredView {
  const base = snapshot.view({ ...DEFAULT_STATE, sort: query.sort, dir: query.dir, status: query.status, type: query.type, q: query.q });
  if (!query.from && !query.to && !query.currency) return base;
  const key = JSON.stringify([
    query.sort,
    query.dir,
    query.status,
    query.type,
    foldCardSearch(query.q),
    query.from,
    query.to,
    query.tz,
    query.currency,
  ]);
  let views = refinedViews.get(snapshot);
  if (!views) refinedViews.set(snapshot, (views = new Map()));
  const hit = views.get(key);
  if (hit) return hit;
  // The page's own render passes the URL's view unchecked; an unusable zone there reads as UTC.
  const { start, end } = dayRange(query.from, query.to, query.tz && isTimeZone(query.tz) ? query.tz : "UTC");
  const out = new Uint32Array(base.order.length);
  const sums = new CardTotalsAccumulator();
  let k = 0;
  for (let j = 0; j < base.order.length; j++) {
    const i = base.order[j]!;
    const row = snapshot.row(i);
    if (query.currency && (row.currency ?? "").trim().toUpperCase() !== query.currency) continue;
    if (query.from || query.to) {
      const at = row.created_at === null ? Number.NaN : Date.parse(row.created_at);
      // A row with no time cannot be placed in a range, so a range leaves it out.
      if (Number.isNaN(at) || at < start || at >= end) continue;
    }
    out[k++] = i;
    if (row.amount !== null) {
      const digits = currencyMinorDigits(row.currency) ?? 2;
      sums.add(row.currency, digits, toMinorUnits(row.amount, digits), bucketOf(row.status, row.type));
    }
  }
  const made: FilteredView = { order: out.slice(0, k), totals: sums.result() };
  views.set(key, made);
  if (views.size > REFINED_VIEWS_PER_SNAPSHOT) views.delete(views.keys().next().value!);
  return made;
}

/** Every currency of the list, from the unfiltered view's totals (computed once per snapshot). */
function currenciesOf(snapshot: Snapshot): string[] {
  const all: CurrencyTotals[] = snapshot.view(DEFAULT_STATE).totals;
  return all
    .map((t) => t.currency)
    .filter(Boolean)
    .sort();
}

/** One window of a card's transactions, filtered and sorted, with the view's count and totals. */
export async function readCardWindow({
  db,
  actor,
  input: { id: cardId, ...query },
}: {
  db: Db;
  actor: StaffMember;
  input: CardWindowQuery & { id: string };
}): Promise<CardWindow> {
  const snapshot = await store().get(cardId, { snapshotId: query.snapshot, refresh: query.refresh === "1" });
  // Opening the card is what goes into "recent", not every page scrolled to.
  if (!query.snapshot) await recordOpenedQuietly({ db, staffId: actor.id, kind: "card", id: cardId });
  const view = viewOf(snapshot, query);
  const page = view.order.slice(query.offset, query.offset + query.limit);
  return {
    snapshot: {
      id: snapshot.id,
      fetchedAt: snapshot.fetchedAt.toISOString(),
      checkedAt: snapshot.checkedAt.toISOString(),
      total: snapshot.total,
    },
    matched: view.order.length,
    totals: view.totals,
    currencies: currenciesOf(snapshot),
    statuses: snapshot.statuses,
    types: snapshot.types,
    offset: query.offset,
    rows: Array.from(page, (i) => snapshot.row(i)),
  };
}

/**
 * The first window of a view for the page's server render, so rows arrive with the HTML. A failure
 * is handed to the page as its envelope (shown with a retry) instead of being asked again.
 */
export async function firstCardWindow({
  db,
  actor,
  input: { id: cardId, view },
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string; view: CardTableState };
}): Promise<{ initial?: { window: CardWindow; view: CardTableState }; initialError?: ErrorEnvelope["error"] & { status: number } }> {
  try {
    return {
      initial: { window: await readCardWindow({ db, actor, input: { ...view, id: cardId, offset: 0, limit: CARD_PAGE_SIZE } }), view },
    };
  } catch (error) {
    const { status, envelope } = failureOf(error, randomUUID());
    return { initialError: { status, ...envelope.error } };
  }
}

/** Exactly the rows the view shows, from the same snapshot, as CSV; taking a copy is audited. */
export async function exportCardCsv({
  db,
  actor,
  input: { id: cardId, ...query },
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: CardExportQuery & { id: string };
  requestId: string;
}): Promise<Response> {
  const snapshot = await store().get(cardId, { snapshotId: query.snapshot });
  const view = viewOf(snapshot, query);
  const filters = {
    sort: query.sort,
    dir: query.dir,
    status: query.status,
    type: query.type,
    q: query.q,
    from: query.from,
    to: query.to,
    tz: query.tz,
    currency: query.currency,
  };
  await writeAudit({
    db,
    actor,
    action: "card_transactions.export",
    target: auditTarget.object("card", cardId),
    outcome: "success",
    requestId,
    detail: { rows: view.order.length, filters },
  });
  // A file leaves the server like any answer: a card number or BVN in a description is masked by value.
  const rows = Array.from(view.order, (i) => maskSensitiveDeep(snapshot.row(i), "typed"));
  return new Response(cardRowsToCsv(rows, [...rows.keys()], canonicalTimeZone(query.tz) ?? "UTC"), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${cardId}-transactions.csv"` },
  });
}

export async function readCardTransaction({
  db,
  actor,
  input: { id: cardId, transactionId },
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string; transactionId: string };
}): Promise<CardTransaction> {
  const transaction = await upstream().getCardTransaction(cardId, transactionId);
  await recordOpenedQuietly({ db, staffId: actor.id, kind: "card_transaction", id: transaction.id, parentId: cardId });
  return transaction;
}
