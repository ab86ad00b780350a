import "server-only";
import { fail } from "@/lib/contracts/fail";
import { getCardWindow } from "@/lib/contracts/card-transactions";
import { timingSafeEqual } from "node:crypto";
import type { CardRow } from "@/lib/finance/card-rows";
import type { CardTableState } from "@/lib/finance/card-table-state";
import type { CardColumns, FilteredView } from "./card-columns";
import { DIGEST_BYTES, type LoadedCardList } from "./card-list-digest";
import { foldCardSearch } from "@/lib/finance/card-search-text";

export type { FilteredView } from "./card-columns";

/**
 * The upstream has no paging: `GET /cards/{id}/transactions` returns every transaction (100,000 on
 * a busy card, 50 MB of JSON). The server reads it once per view into a snapshot, and the table
 * asks for sorted, filtered windows of that snapshot, so the browser never holds the whole list
 * and every page, total and CSV of a view comes from the same copy. The figures live here only;
 * docs/assumptions.md names them.
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
  /** When this instance last saw the upstream list equal to this snapshot (later than fetchedAt after a rebuild). */
  checkedAt: Date;
  /** Digest of the card id and every row in the upstream's order: equal lists, equal digests, on any instance. */
  digest: Buffer;
  /** Rows in the list. */
  total: number;
  row: (index: number) => CardRow;
  statuses: string[];
  types: string[];
  /** The rows passing a filter, in the order of a sort, with their totals; computed once per view. */
  view: (state: CardTableState) => FilteredView;
  bytes: () => number;
};

export type LoadCardList = (cardId: string, onProgress: (rowsRead: number) => void) => Promise<LoadedCardList>;

type Held = Snapshot & { lastUsed: number };

export const snapshotExpired = () =>
  fail(
    getCardWindow,
    "snapshot_expired",
    "This list was loaded too long ago and has been released. It will load again with the current transactions.",
  );

const ID_VERSION = 1;

/**
 * A snapshot id carries what any instance needs to serve the view again: the list's as-of time,
 * its row count and a digest of its content. Another instance (or this one after the snapshot was
 * released) reads the card's list again and serves the id only if the list is the same.
 */
export function encodeSnapshotId(fetchedAt: Date, total: number, digest: Buffer): string {
  const bytes = Buffer.alloc(1 + 6 + 4 + DIGEST_BYTES);
  bytes.writeUInt8(ID_VERSION, 0);
  bytes.writeUIntBE(fetchedAt.getTime(), 1, 6);
  bytes.writeUInt32BE(total, 7);
  digest.copy(bytes, 11, 0, DIGEST_BYTES);
  return bytes.toString("base64url");
}

export function decodeSnapshotId(id: string): { fetchedAt: Date; total: number; digest: Buffer } | null {
  const bytes = Buffer.from(id, "base64url");
  if (bytes.length !== 1 + 6 + 4 + DIGEST_BYTES || bytes.readUInt8(0) !== ID_VERSION || bytes.toString("base64url") !== id) return null;
  return { fetchedAt: new Date(bytes.readUIntBE(1, 6)), total: bytes.readUInt32BE(7), digest: bytes.subarray(11) };
}

function buildSnapshot(cardId: string, columns: CardColumns, fetchedAt: Date, digest: Buffer): Snapshot {
  const views = new Map<string, { base: string; q: string; view: FilteredView }>();
  const view = (state: CardTableState): FilteredView => {
    const q = foldCardSearch(state.q);
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
    for (const prior of views.values())
      if (prior.base === base && prior.q && q.startsWith(prior.q) && prior.view.order.length < order.length) order = prior.view.order;
    const filtered = columns.filter(order, state);
    const made = { order: filtered, totals: columns.totals(filtered) };
    views.set(key, { base, q, view: made });
    if (views.size > CARD_LIST_POLICY.viewsPerSnapshot) views.delete(views.keys().next().value!);
    return made;
  };
  return {
    id: encodeSnapshotId(fetchedAt, columns.count, digest),
    cardId,
    fetchedAt,
    checkedAt: fetchedAt,
    digest,
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
 * upstream call. Process memory: each instance keeps its own, bounded by `maxBytesHeld`. A view
 * whose snapshot this instance does not hold (made on another instance, or released here) is
 * rebuilt from the card's list and served under its id when the list is the same; only a list
 * that changed answers `snapshot_expired` (409).
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
      if (found) {
        if (found.cardId !== cardId) throw snapshotExpired();
        return this.touch(found);
      }
      return this.rebuild(cardId, opts.snapshotId);
    }
    if (!opts.refresh) {
      const recent = this.newestFor(cardId);
      if (recent && this.now() - recent.fetchedAt.getTime() < CARD_LIST_POLICY.reuseForNewViewMs) return this.touch(recent);
    }
    return this.loadShared(cardId);
  }

  private loadShared(cardId: string): Promise<Snapshot> {
    let pending = this.loading.get(cardId);
    if (!pending) {
      const entry = { promise: undefined as unknown as Promise<Snapshot>, rowsRead: 0 };
      entry.promise = this.fetch(cardId, (rows) => (entry.rowsRead = rows)).finally(() => this.loading.delete(cardId));
      this.loading.set(cardId, (pending = entry));
    }
    return pending.promise;
  }

  /**
   * Serves an id this instance does not hold from a held or freshly read list with the same
   * digest and row count, under the id asked for and its as-of time; `checkedAt` says when the
   * list was last seen equal. A list that differs stays held under its own id (the reload that
   * follows the 409 needs no second upstream read).
   */
  private async rebuild(cardId: string, snapshotId: string): Promise<Snapshot> {
    const wanted = decodeSnapshotId(snapshotId);
    if (!wanted) throw snapshotExpired();
    const same = (s: Snapshot) => s.cardId === cardId && s.total === wanted.total && timingSafeEqual(s.digest, wanted.digest);
    let source: Snapshot | undefined;
    for (const s of this.held.values()) if (same(s) && (!source || s.checkedAt > source.checkedAt)) source = s;
    if (source) this.touch(source as Held);
    else {
      const fresh = await this.loadShared(cardId);
      if (!same(fresh)) throw snapshotExpired();
      source = fresh;
    }
    // The id's time is the client's to edit (the digest does not cover it): the list is never said
    // to be as of a moment after the copy served was read.
    const fetchedAt = new Date(Math.min(wanted.fetchedAt.getTime(), source.fetchedAt.getTime()));
    return { ...source, id: snapshotId, fetchedAt };
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
    const { columns, digest } = await this.load(cardId, onProgress);
    const held: Held = { ...buildSnapshot(cardId, columns, fetchedAt, digest), lastUsed: this.now() };
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
