import "server-only";
import { randomUUID } from "node:crypto";
import { cardRowsToCsv } from "@/lib/finance/card-csv";
import type { CardTableState } from "@/lib/finance/card-table-state";
import { CARD_PAGE_SIZE, type CardExportQuery, type CardWindow, type CardWindowQuery } from "@/lib/finance/card-window";
import type { ErrorEnvelope } from "@/lib/errors";
import type { CardTransaction } from "@/lib/schemas";
import { writeAudit } from "@/server/audit/writer";
import { failureOf } from "@/server/bff/respond";
import type { StaffMember } from "@/server/auth/staff-repo";
import { upstream } from "@/server/upstream/client";
import { env } from "@/server/env";
import { cardListLoader } from "./card-list-pages";
import { CardSnapshotStore } from "./card-snapshots";
import { recordOpenedQuietly } from "./recent";

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

/** Rows and bytes of every snapshot held by this process, for the bench's bytes-per-row figure. */
export function cardSnapshotsHeld(): { rows: number; bytes: number } {
  return { rows: store().rowsHeld(), bytes: store().bytesHeld() };
}

/** One window of a card's transactions, filtered and sorted, with the view's count and totals. */
export async function readCardWindow(staff: StaffMember, cardId: string, query: CardWindowQuery): Promise<CardWindow> {
  const snapshot = await store().get(cardId, { snapshotId: query.snapshot, refresh: query.refresh === "1" });
  // Opening the card is what goes into "recent", not every page scrolled to.
  if (!query.snapshot) await recordOpenedQuietly(staff.id, "card", cardId);
  const view = snapshot.view(query);
  const page = view.order.slice(query.offset, query.offset + query.limit);
  return {
    snapshot: { id: snapshot.id, fetchedAt: snapshot.fetchedAt.toISOString(), checkedAt: snapshot.checkedAt.toISOString(), total: snapshot.total },
    matched: view.order.length,
    totals: view.totals,
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
export async function firstCardWindow(staff: StaffMember, cardId: string, view: CardTableState): Promise<{ initial?: { window: CardWindow; view: CardTableState }; initialError?: ErrorEnvelope["error"] & { status: number } }> {
  try {
    return { initial: { window: await readCardWindow(staff, cardId, { ...view, offset: 0, limit: CARD_PAGE_SIZE }), view } };
  } catch (error) {
    const { status, envelope } = failureOf(error, randomUUID());
    return { initialError: { status, ...envelope.error } };
  }
}

/** Exactly the rows the view shows, from the same snapshot, as CSV; taking a copy is audited. */
export async function exportCardCsv(staff: StaffMember, cardId: string, query: CardExportQuery, requestId: string): Promise<Response> {
  const snapshot = await store().get(cardId, { snapshotId: query.snapshot });
  const view = snapshot.view(query);
  const filters = { sort: query.sort, dir: query.dir, status: query.status, type: query.type, q: query.q };
  await writeAudit({
    actor: { id: staff.id, email: staff.email, role: staff.role },
    action: "card_transactions.export",
    target: `card:${cardId}`,
    outcome: "success",
    requestId,
    detail: { rows: view.order.length, filters },
  });
  const rows = Array.from(view.order, (i) => snapshot.row(i));
  return new Response(cardRowsToCsv(rows, [...rows.keys()]), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${cardId}-transactions.csv"` },
  });
}

export async function readCardTransaction(staff: StaffMember, cardId: string, transactionId: string): Promise<CardTransaction> {
  const transaction = await upstream().getCardTransaction(cardId, transactionId);
  await recordOpenedQuietly(staff.id, "card_transaction", transaction.id, cardId);
  return transaction;
}
