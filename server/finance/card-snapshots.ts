import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import type { CardRow } from "@/lib/finance/card-rows";
import type { CardTableState } from "@/lib/finance/card-table-state";
import type { CardColumns, FilteredView } from "./card-columns";

export type { FilteredView } from "./card-columns";

/**
 * The upstream has no paging: `GET /cards/{id}/transactions` returns every transaction (100,000 on
 * a busy card, 50 MB of JSON). The server reads it once per view into a snapshot, and the table
 * asks for sorted, filtered windows of that snapshot, so the browser never holds the whole list
 * and every page, total and CSV of a view comes from the same copy. The figures live here only;
 * the README's assumptions table names them.
 */
export const CARD_LIST_POLICY = {
  /** A new view reuses a snapshot this young instead of fetching the list again. */
  reuseForNewViewMs: 30_000,
  /** A snapshot no request has used for this long is dropped; its view then reloads the list. */
  keepIdleMs: 10 * 60_000,
  /** Bytes held over all snapshots (about 150 a row); the least recently used snapshots go first. */
  maxBytesHeld: 256 * 1024 * 1024,
  /** Filtered views remembered per snapshot, so scrolling does not filter again for each page. */
  viewsPerSnapshot: 16,
} as const;

export type Snapshot = {
  id: string;
  cardId: string;
  fetchedAt: Date;
  /** Rows in the list. */
  total: number;
  row: (index: number) => CardRow;
  statuses: string[];
  types: string[];
  /** The rows passing a filter, in the order of a sort, with their totals; computed once per view. */
  view: (state: CardTableState) => FilteredView;
  bytes: () => number;
};

export type LoadCardList = (cardId: string, onProgress: (rowsRead: number) => void) => Promise<CardColumns>;

type Held = Snapshot & { lastUsed: number };

export const snapshotExpired = () =>
  new AppError({
    status: 409,
    code: "snapshot_expired",
    message: "This list was loaded too long ago and has been released. It will load again with the current transactions.",
  });

function buildSnapshot(cardId: string, columns: CardColumns, fetchedAt: Date): Snapshot {
  const views = new Map<string, { base: string; q: string; view: FilteredView }>();
  const view = (state: CardTableState): FilteredView => {
    const q = state.q.trim().toLowerCase();
    const base = JSON.stringify([state.sort, state.dir, state.status, state.type]);
    const key = `${base}${q}`;
    const hit = views.get(key);
    if (hit) {
      views.delete(key);
      views.set(key, hit);
      return hit.view;
    }
    // Only the order asked for is sorted: the default one answers the first window.
    let order = columns.sortOrder(state.sort, state.dir);
    // Typing extends the text: the rows matching "whole f" are among those matching "whole".
    for (const prior of views.values()) if (prior.base === base && prior.q && q.startsWith(prior.q) && prior.view.order.length < order.length) order = prior.view.order;
    const filtered = columns.filter(order, state);
    const made = { order: filtered, totals: columns.totals(filtered) };
    views.set(key, { base, q, view: made });
    if (views.size > CARD_LIST_POLICY.viewsPerSnapshot) views.delete(views.keys().next().value!);
    return made;
  };
  return {
    id: randomBytes(16).toString("base64url"),
    cardId,
    fetchedAt,
    total: columns.count,
    row: (i) => columns.row(i),
    statuses: columns.distinct("status"),
    types: columns.distinct("type"),
    view,
    bytes: () => {
      let n = columns.bytes();
      for (const v of views.values()) n += v.view.order.byteLength;
      return n;
    },
  };
}

/**
 * Snapshots by id, least recently used first. Concurrent first views of one card share one
 * upstream call. Process memory: each instance keeps its own, which is correct (a view that
 * lands on another instance gets `snapshot_expired` and reloads) and bounded by `maxBytesHeld`.
 */
export class CardSnapshotStore {
  private readonly held = new Map<string, Held>();
  private readonly loading = new Map<string, { promise: Promise<Snapshot>; rowsRead: number }>();

  constructor(
    private readonly load: LoadCardList,
    private readonly now: () => number = Date.now,
    private readonly maxBytesHeld: number = CARD_LIST_POLICY.maxBytesHeld,
  ) {}

  /** The snapshot a view asked for by id (409 when it is gone), or a fresh enough one for a new view. */
  async get(cardId: string, opts: { snapshotId?: string; refresh?: boolean }): Promise<Snapshot> {
    this.sweep();
    if (opts.snapshotId) {
      const found = this.held.get(opts.snapshotId);
      if (!found || found.cardId !== cardId) throw snapshotExpired();
      return this.touch(found);
    }
    if (!opts.refresh) {
      const recent = this.newestFor(cardId);
      if (recent && this.now() - recent.fetchedAt.getTime() < CARD_LIST_POLICY.reuseForNewViewMs) return this.touch(recent);
    }
    let pending = this.loading.get(cardId);
    if (!pending) {
      const entry = { promise: undefined as unknown as Promise<Snapshot>, rowsRead: 0 };
      entry.promise = this.fetch(cardId, (rows) => (entry.rowsRead = rows)).finally(() => this.loading.delete(cardId));
      this.loading.set(cardId, (pending = entry));
    }
    return pending.promise;
  }

  /** Rows read so far of a list being loaded; undefined when none is. */
  progress(cardId: string): number | undefined {
    return this.loading.get(cardId)?.rowsRead;
  }

  /** Rows currently held. */
  rowsHeld(): number {
    let n = 0;
    for (const s of this.held.values()) n += s.total;
    return n;
  }

  /** Bytes currently held: the bound, and the bench's bytes per row. */
  bytesHeld(): number {
    let n = 0;
    for (const s of this.held.values()) n += s.bytes();
    return n;
  }

  private async fetch(cardId: string, onProgress: (rowsRead: number) => void): Promise<Snapshot> {
    const fetchedAt = new Date(this.now());
    const held: Held = { ...buildSnapshot(cardId, await this.load(cardId, onProgress), fetchedAt), lastUsed: this.now() };
    this.held.set(held.id, held);
    this.evictOverBound(held.id);
    return held;
  }

  private touch(s: Held): Snapshot {
    s.lastUsed = this.now();
    this.held.delete(s.id);
    this.held.set(s.id, s);
    return s;
  }

  private newestFor(cardId: string): Held | undefined {
    let newest: Held | undefined;
    for (const s of this.held.values()) if (s.cardId === cardId && (!newest || s.fetchedAt > newest.fetchedAt)) newest = s;
    return newest;
  }

  private sweep(): void {
    const cutoff = this.now() - CARD_LIST_POLICY.keepIdleMs;
    for (const [id, s] of this.held) if (s.lastUsed < cutoff) this.held.delete(id);
  }

  /** Drops least recently used snapshots until the bytes fit, never the one just made. */
  private evictOverBound(keep: string): void {
    let total = this.bytesHeld();
    for (const [id, s] of this.held) {
      if (total <= this.maxBytesHeld) break;
      if (id === keep) continue;
      this.held.delete(id);
      total -= s.bytes();
    }
  }
}
