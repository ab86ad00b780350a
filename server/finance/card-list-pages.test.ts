import { describe, expect, it } from "vitest";
import { createSimulator, SEED, SIMULATOR_CREDENTIALS, type ResettableSimulator } from "@/server/simulator";
import { ROOT } from "@/server/simulator/test-support";
import { generateCardTransactions } from "@/server/simulator/seed/card-transactions";
import type { SimulatorListPaging } from "@/server/simulator/types";
import type { ListPaging } from "@/server/env";
import { createUpstream } from "@/server/upstream/client";
import { fetchTransport } from "@/server/upstream/transport";
import { poolTransport } from "@/server/upstream/pool";
import { startSimulatorServer } from "@/server/simulator/http-server";
import type { CardColumns } from "./card-columns";
import { cardListLoader } from "./card-list-pages";
import { CardSnapshotStore } from "./card-snapshots";

const LIST_OP = "GET /cards/{id}/transactions";

/** The app's card-list loader over an embedded simulator, recording the list URLs it asks for. */
function harness(opts: {
  app: ListPaging;
  sim: SimulatorListPaging;
  timeoutMs?: number;
  answer?: (url: URL) => Response | undefined;
  simulator?: ResettableSimulator;
}) {
  const sim = opts.simulator ?? createSimulator({ listPaging: opts.sim });
  const asked: string[] = [];
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const { api } = createUpstream({
    baseUrl: ROOT,
    credentials: SIMULATOR_CREDENTIALS,
    timeoutMs,
    transport: fetchTransport(async (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith("/transactions")) asked.push(url.pathname.slice(ROOT.length - "http://simulator.test".length) + url.search);
      return opts.answer?.(url) ?? sim.fetch(request);
    }),
  });
  const loadList = cardListLoader(api, { listPaging: opts.app, timeoutMs });
  const load = async (cardId: string, onProgress: (rowsRead: number) => void) => (await loadList(cardId, onProgress)).columns;
  return { sim, asked, load, loadList, calls: () => sim.stats.count(LIST_OP) };
}

const rowsOf = (c: CardColumns) => Array.from({ length: c.count }, (_, i) => c.row(i));
const totalsOf = (c: CardColumns) => c.totals(c.sortOrder("date", "desc"));

describe("reading a card's list page by page (BUSINESS_API_LIST_PAGING=page-limit)", () => {
  it("gives the same rows, order and totals as the one-response read, for a busy and an empty card", async () => {
    for (const card of [SEED.cards.busy, SEED.cards.empty]) {
      const whole = await harness({ app: "none", sim: "none" }).load(card, () => {});
      const paged = harness({ app: "page-limit", sim: "page-limit" });
      const progress: number[] = [];
      const columns = await paged.load(card, (n) => progress.push(n));
      expect(columns.count, card).toBe(whole.count);
      expect(rowsOf(columns)).toEqual(rowsOf(whole));
      expect(totalsOf(columns)).toEqual(totalsOf(whole));
      expect(columns.distinct("status")).toEqual(whole.distinct("status"));
      if (card === SEED.cards.busy) {
        expect(whole.count).toBe(5_200);
        // 52 full pages, then the empty 53rd ends the read.
        expect(paged.calls()).toBe(53);
        expect(paged.asked[0]).toBe(`/cards/${card}/transactions?page=1&limit=100`);
        expect(paged.asked.at(-1)).toBe(`/cards/${card}/transactions?page=53&limit=100`);
        // Rows read so far climbs page by page to the whole list.
        expect(progress.length).toBeGreaterThanOrEqual(52);
        expect(progress).toEqual([...progress].sort((a, b) => a - b));
        expect(progress.at(-1)).toBe(5_200);
      } else {
        expect(columns.count).toBe(0);
        expect(paged.calls()).toBe(1);
      }
    }
  });

  it("asks for nothing but the one list when paging is off, as the spec describes", async () => {
    const plain = harness({ app: "none", sim: "page-limit" });
    await plain.load(SEED.cards.empty, () => {});
    expect(plain.asked).toEqual([`/cards/${SEED.cards.empty}/transactions`]);
  });

  it("takes a first page longer than the limit as the whole list, without asking for a second", async () => {
    const whole = await harness({ app: "none", sim: "none" }).load(SEED.cards.busy, () => {});
    const ignoring = harness({ app: "page-limit", sim: "none" });
    const columns = await ignoring.load(SEED.cards.busy, () => {});
    expect(ignoring.calls()).toBe(1);
    expect(rowsOf(columns)).toEqual(rowsOf(whole));
  });

  it("stops at a repeated page when the upstream ignores `page`: no endless loop, no row twice", async () => {
    const repeating = harness({ app: "page-limit", sim: "ignore-page" });
    const columns = await repeating.load(SEED.cards.busy, () => {});
    expect(repeating.calls()).toBe(2);
    const ids = rowsOf(columns).map((r) => r.id);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
  });

  it("stores each row once when a transaction arriving mid-read shifts the later pages by one", async () => {
    const old = generateCardTransactions(SEED.cards.busy, SEED.busyCardTransactionCount);
    const shifted = [{ ...old[0]!, id: "ctx_busy_0001_arrived" }, ...old];
    const shifting = harness({
      app: "page-limit",
      sim: "page-limit",
      answer: (url) => {
        const page = Number(url.searchParams.get("page"));
        if (page < 2) return undefined;
        return new Response(JSON.stringify(shifted.slice((page - 1) * 100, page * 100)), {
          headers: { "Content-Type": "application/json" },
        });
      },
    });
    const columns = await shifting.load(SEED.cards.busy, () => {});
    expect(rowsOf(columns).map((r) => r.id)).toEqual(old.map((t) => t.id));
  });

  it("fails the whole read with the mapped error when a page fails mid-way, and keeps no snapshot", async () => {
    let failing = true;
    const broken = harness({
      app: "page-limit",
      sim: "page-limit",
      answer: (url) =>
        failing && url.searchParams.get("page") === "3"
          ? new Response(JSON.stringify({ message: "Internal error", values: {} }), {
              status: 500,
              headers: { "Content-Type": "application/json" },
            })
          : undefined,
    });
    const store = new CardSnapshotStore(broken.loadList);
    await expect(store.get(SEED.cards.busy, {})).rejects.toMatchObject({ status: 502, code: "upstream_error" });
    expect(store.rowsHeld()).toBe(0);
    expect(store.progress(SEED.cards.busy)).toBeUndefined();
    // Pages after the failed one were never asked for.
    expect(broken.asked.some((u) => u.includes("page=4"))).toBe(false);

    failing = false;
    const snapshot = await store.get(SEED.cards.busy, {});
    expect(snapshot.total).toBe(5_200);
    expect(store.rowsHeld()).toBe(5_200);
  });

  it("fails with 504 when the pages together outlast the deadline, though each page alone is quick", async () => {
    const sim = createSimulator({ listPaging: "page-limit" });
    // 53 pages at 40 ms each need over 2 s; one page fits the 600 ms deadline many times over.
    sim.faults.add({ operation: LIST_OP, latencyMs: 40 });
    const slow = harness({ app: "page-limit", sim: "page-limit", simulator: sim, timeoutMs: 600 });
    await expect(slow.load(SEED.cards.busy, () => {})).rejects.toMatchObject({ status: 504, code: "upstream_timeout" });
    expect(slow.calls()).toBeLessThan(53);
    expect(slow.calls()).toBeGreaterThan(0);
  });

  it("reads the same list page by page over HTTP through the pooled transport", async () => {
    const server = await startSimulatorServer({ port: 0, options: { listPaging: "page-limit" } });
    try {
      const { api } = createUpstream({
        baseUrl: server.url,
        transport: poolTransport(server.url, 2),
        credentials: SIMULATOR_CREDENTIALS,
        timeoutMs: 20_000,
      });
      const { columns } = await cardListLoader(api, { listPaging: "page-limit", timeoutMs: 20_000 })(SEED.cards.busy, () => {});
      const whole = await harness({ app: "none", sim: "none" }).load(SEED.cards.busy, () => {});
      expect(rowsOf(columns)).toEqual(rowsOf(whole));
    } finally {
      await server.close();
    }
  });
});
