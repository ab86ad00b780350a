import { describe, expect, it } from "vitest";
import type { CardRow } from "@/lib/finance/card-rows";
import { DEFAULT_STATE } from "@/lib/finance/card-table-state";
import { AppError } from "@/lib/errors";
import { columnsOf } from "./card-columns";
import { digestOfRows } from "./card-list-digest";
import { CARD_LIST_POLICY, CardSnapshotStore, decodeSnapshotId } from "./card-snapshots";

const row = (i: number, extra: Partial<CardRow> = {}): CardRow => ({
  id: `ctx_${i}`,
  reference: `REF${i}`,
  amount: 1.1,
  charges: 0,
  currency: "USD",
  category: "PURCHASE",
  type: "DEBIT",
  status: i % 2 ? "FAILED" : "SUCCESS",
  description: `shop ${i}`,
  merchant_name: "Acme",
  report: false,
  created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  ...extra,
});

function setup(sizes: Record<string, number> = { card_a: 10, card_b: 10 }, maxBytesHeld?: number) {
  let now = 1_000_000;
  const loads: string[] = [];
  const store = new CardSnapshotStore(
    async (cardId) => {
      loads.push(cardId);
      await new Promise((r) => setTimeout(r, 5));
      const columns = columnsOf(Array.from({ length: sizes[cardId] ?? 0 }, (_, i) => row(i)));
      return { columns, digest: await digestOfRows(cardId, columns) };
    },
    () => now,
    maxBytesHeld,
  );
  return { store, loads, advance: (ms: number) => (now += ms) };
}

describe("card list snapshots", () => {
  it("serves concurrent first views of a card from one upstream call", async () => {
    const { store, loads } = setup();
    const [a, b, c] = await Promise.all([store.get("card_a", {}), store.get("card_a", {}), store.get("card_a", {})]);
    expect(loads).toEqual(["card_a"]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
  });

  it("reuses a young snapshot for a new view, fetches again when it is older or on refresh", async () => {
    const { store, loads, advance } = setup();
    const first = await store.get("card_a", {});
    advance(CARD_LIST_POLICY.reuseForNewViewMs - 1);
    expect((await store.get("card_a", {})).id).toBe(first.id);
    expect((await store.get("card_a", { refresh: true })).id).not.toBe(first.id);
    advance(CARD_LIST_POLICY.reuseForNewViewMs);
    await store.get("card_a", {});
    expect(loads).toEqual(["card_a", "card_a", "card_a"]);
  });

  it("keeps a pinned snapshot for its view past the reuse window, and releases it when idle", async () => {
    const { store, advance } = setup();
    const snapshot = await store.get("card_a", {});
    advance(CARD_LIST_POLICY.reuseForNewViewMs * 4);
    expect((await store.get("card_a", { snapshotId: snapshot.id })).id).toBe(snapshot.id);
    advance(CARD_LIST_POLICY.keepIdleMs + 1);
    expect(store.rowsHeld()).toBe(10);
    // Released when idle: the view's next page reads the list again and is served if it is unchanged.
    const again = await store.get("card_a", { snapshotId: snapshot.id });
    expect(again.id).toBe(snapshot.id);
    expect(again.checkedAt.getTime()).toBeGreaterThan(snapshot.fetchedAt.getTime());
  });

  it("refuses a snapshot id of another card", async () => {
    const { store } = setup();
    const snapshot = await store.get("card_a", {});
    const error = await store.get("card_b", { snapshotId: snapshot.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "snapshot_expired" });
  });

  it("drops the least recently used snapshots when the bytes held pass the bound", async () => {
    const one = columnsOf(Array.from({ length: 2000 }, (_, i) => row(i))).bytes();
    // Room for two lists of 2,000 rows, not three.
    const bound = Math.floor(one * 2.5);
    const { store, loads } = setup({ card_a: 2000, card_b: 2000, card_c: 2000 }, bound);
    const a = await store.get("card_a", {});
    const b = await store.get("card_b", {});
    await store.get("card_a", { snapshotId: a.id }); // a is now more recently used than b
    await store.get("card_c", {});
    expect(store.bytesHeld()).toBeLessThanOrEqual(bound);
    expect(store.rowsHeld()).toBe(4000);
    await expect(store.get("card_a", { snapshotId: a.id })).resolves.toBeTruthy();
    expect(loads).toEqual(["card_a", "card_b", "card_c"]);
    // b was dropped: its view is served again only by reading its list again.
    await expect(store.get("card_b", { snapshotId: b.id })).resolves.toMatchObject({ id: b.id });
    expect(loads).toEqual(["card_a", "card_b", "card_c", "card_b"]);
  });

  it("filters, sorts and totals a view in minor units, and remembers it", async () => {
    const { store } = setup();
    const snapshot = await store.get("card_a", {});
    const failed = snapshot.view({ ...DEFAULT_STATE, status: "FAILED" });
    expect(Array.from(failed.order, (i) => snapshot.row(i).id)).toEqual(["ctx_9", "ctx_7", "ctx_5", "ctx_3", "ctx_1"]);
    // 5 × 1.10 is 5.5 exactly, not 5.500000000000001
    expect(failed.totals).toEqual([
      expect.objectContaining({
        currency: "USD",
        digits: 2,
        minor: expect.objectContaining({
          failed: { billions: 0, rest: 550 },
          spent: { billions: 0, rest: 0 },
          net: { billions: 0, rest: 0 },
        }),
      }),
    ]);
    expect(snapshot.view({ ...DEFAULT_STATE, status: "FAILED" })).toBe(failed);
    expect(Array.from(snapshot.view({ ...DEFAULT_STATE, q: "SHOP 3" }).order, (i) => snapshot.row(i).id)).toEqual(["ctx_3"]);
    expect(snapshot.statuses).toEqual(["FAILED", "SUCCESS"]);
  });
});

describe("a view narrowed by typing", () => {
  it("gives the same rows whether or not a shorter search was asked before", async () => {
    const { store } = setup({ card_a: 500 });
    const snapshot = await store.get("card_a", {});
    const direct = snapshot.view({ ...DEFAULT_STATE, q: "shop 12" }).order;
    const other = await store.get("card_a", { refresh: true });
    for (const q of ["s", "sh", "shop", "shop 1"]) other.view({ ...DEFAULT_STATE, q });
    expect(other.view({ ...DEFAULT_STATE, q: "shop 12" }).order).toEqual(direct);
    expect(Array.from(direct, (i) => snapshot.row(i).id)).toContain("ctx_123");
  });
});

describe("a view whose next page lands on another instance", () => {
  // Two stores over one upstream list: two app instances, each with its own memory.
  function twoInstances(initial: CardRow[]) {
    let rows = initial;
    let now = 2_000_000;
    const loads: string[] = [];
    const load = async (cardId: string) => {
      loads.push(cardId);
      await new Promise((r) => setTimeout(r, 5));
      const columns = columnsOf(rows);
      return { columns, digest: await digestOfRows(cardId, columns) };
    };
    return {
      a: new CardSnapshotStore(load, () => now),
      b: new CardSnapshotStore(load, () => now),
      loads,
      change: (next: CardRow[]) => (rows = next),
      advance: (ms: number) => (now += ms),
    };
  }
  const list = Array.from({ length: 300 }, (_, i) => row(i, { amount: i + 0.25 }));
  const ids = (snapshot: { row: (i: number) => CardRow }, order: Uint32Array) => Array.from(order, (i) => snapshot.row(i).id);

  it("serves another instance's snapshot id with the same rows, once read again, and says how fresh it is", async () => {
    const { a, b, loads, advance } = twoInstances(list);
    const first = await a.get("card_a", {});
    const state = { ...DEFAULT_STATE, sort: "amount" as const, dir: "asc" as const, status: "SUCCESS" };
    const onA = first.view(state);
    advance(45_000);
    const onB = await b.get("card_a", { snapshotId: first.id });
    expect(onB.id).toBe(first.id);
    expect(onB.total).toBe(300);
    expect(onB.fetchedAt.toISOString()).toBe(first.fetchedAt.toISOString());
    expect(onB.checkedAt.getTime() - first.fetchedAt.getTime()).toBe(45_000);
    expect(ids(onB, onB.view(state).order)).toEqual(ids(first, onA.order));
    expect(onB.view(state).totals).toEqual(onA.totals);
    // Further pages on B use what B now holds: no further upstream read.
    await b.get("card_a", { snapshotId: first.id });
    await b.get("card_a", { snapshotId: first.id });
    expect(loads).toEqual(["card_a", "card_a"]);
  });

  it("never says a list is as of a time after it was read, whatever time an edited id carries", async () => {
    const { a, b, advance } = twoInstances(list);
    const first = await a.get("card_a", {});
    advance(45_000);
    const bytes = Buffer.from(first.id, "base64url");
    bytes.writeUIntBE(Date.parse("3000-01-01T00:00:00Z"), 1, 6);
    const onB = await b.get("card_a", { snapshotId: bytes.toString("base64url") });
    expect(onB.total).toBe(300);
    expect(onB.fetchedAt.getTime()).toBeLessThanOrEqual(onB.checkedAt.getTime());
    expect(onB.fetchedAt.getFullYear()).toBeLessThan(3000);
  });

  it("answers 409 when the list changed since the view began, and keeps the new list for the reload", async () => {
    const { a, b, loads, change } = twoInstances(list);
    const first = await a.get("card_a", {});
    change(list.map((r, i) => (i === 150 ? { ...r, status: "REVERSED" } : r)));
    await expect(b.get("card_a", { snapshotId: first.id })).rejects.toMatchObject({ status: 409, code: "snapshot_expired" });
    const reload = await b.get("card_a", {});
    expect(reload.id).not.toBe(first.id);
    expect(reload.statuses).toContain("REVERSED");
    expect(loads).toEqual(["card_a", "card_a"]);
    // A list that only grew is a different list too.
    change([...list, row(300)]);
    const grown = await a.get("card_a", { refresh: true });
    expect(decodeSnapshotId(grown.id)?.total).toBe(301);
  });

  it("refuses an id it cannot read, or one made for another card, without an upstream read for a malformed one", async () => {
    const { a, b, loads } = twoInstances(list);
    await expect(b.get("card_a", { snapshotId: "AAAAAAAAAAAAAAAAAAAAAA" })).rejects.toMatchObject({ status: 409 });
    expect(loads).toEqual([]);
    const first = await a.get("card_a", {});
    await expect(b.get("card_b", { snapshotId: first.id })).rejects.toMatchObject({ status: 409 });
  });
});
