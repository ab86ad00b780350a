import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCardList } from "./card-list-read";

const tx = (i: number, description = `shop ${i}`) => ({
  id: `ctx_${i}`,
  amount: i / 4,
  currency: "USD",
  status: "SUCCESS",
  description,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
});

const CHUNK = 64 * 1024;

/** A body served as fast as it is asked for, recording how many bytes were taken from it. */
function body(text: string, pulled: { bytes: number }, fail?: { afterBytes: number; error: Error }): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text);
  return (async function* () {
    for (let i = 0; i < bytes.length; i += CHUNK) {
      if (fail && pulled.bytes >= fail.afterBytes) throw fail.error;
      const chunk = bytes.subarray(i, i + CHUNK);
      pulled.bytes += chunk.byteLength;
      yield chunk;
    }
  })();
}

describe("parsing a card's list on another thread", () => {
  it("reads the body only a few megabytes ahead of the rows parsed, never the whole body at once", async () => {
    const rows = Array.from({ length: 120_000 }, (_, i) => tx(i));
    const text = JSON.stringify(rows);
    const rowBytes = text.length / rows.length;
    const pulled = { bytes: 0 };
    let furthestAhead = 0;
    const columns = await readCardList(body(text, pulled), (read) => {
      furthestAhead = Math.max(furthestAhead, pulled.bytes - read * rowBytes);
    });
    expect(columns.count).toBe(rows.length);
    expect(columns.row(99_999)).toMatchObject({ id: "ctx_99999", description: "shop 99999" });
    expect(text.length).toBeGreaterThan(12 * 1024 * 1024);
    // Four megabytes may be on their way, plus what is taken between two reports and one chunk.
    expect(furthestAhead).toBeLessThan(6 * 1024 * 1024);
  });

  it("finishes a row longer than the bytes allowed ahead instead of waiting for ever", async () => {
    // In a field the table does not read: one it keeps is bounded (lib/schemas/common.ts).
    const long = { ...tx(2), merchant_city: "x".repeat(6 * 1024 * 1024) };
    const columns = await readCardList(body(JSON.stringify([tx(1), long, tx(3)]), { bytes: 0 }));
    expect(columns.count).toBe(3);
    expect(columns.row(1)).toMatchObject({ id: "ctx_2", description: "shop 2" });
  });

  it("stops reading a body once a row is refused, and answers 502", async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => tx(i));
    const text = JSON.stringify([{ ...tx(0), amount: "12.00" }, ...rows]);
    const pulled = { bytes: 0 };
    await expect(readCardList(body(text, pulled))).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    // What was already on its way when the first row was refused, not the rest of the 18 MB.
    expect(text.length).toBeGreaterThan(18 * 1024 * 1024);
    expect(pulled.bytes).toBeLessThan(6 * 1024 * 1024);
  });

  it("passes on a body that fails to arrive, and the next list still loads", async () => {
    const text = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => tx(i)));
    const cut = new Error("socket hang up");
    await expect(readCardList(body(text, { bytes: 0 }, { afterBytes: 3 * CHUNK, error: cut }))).rejects.toBe(cut);
    const columns = await readCardList(body(text, { bytes: 0 }));
    expect(columns.count).toBe(20_000);
  });

  it("loads several lists at once, each whole and apart", async () => {
    const lists = [300, 20_000, 0, 5_000].map((n, k) => JSON.stringify(Array.from({ length: n }, (_, i) => tx(i + k * 100_000))));
    const loaded = await Promise.all(lists.map((text) => readCardList(body(text, { bytes: 0 }))));
    expect(loaded.map((c) => c.count)).toEqual([300, 20_000, 0, 5_000]);
    expect(loaded[1]!.row(0).id).toBe("ctx_100000");
    expect(loaded[3]!.row(4_999).id).toBe("ctx_304999");
  });

  it("fails the loads in progress when the parser stops, and starts a new one for the next list", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    async function* stalled(): AsyncIterable<Uint8Array> {
      yield Buffer.from(`[${JSON.stringify(tx(1))},`);
      await held;
      yield Buffer.from(`${JSON.stringify(tx(2))}]`);
    }
    const loading = readCardList(stalled());
    const shared = globalThis as unknown as { __cardListParser?: { worker: { terminate: () => Promise<number> } } };
    // Stands for the thread dying (out of memory, a crash) while a list loads.
    await shared.__cardListParser!.worker.terminate();
    release();
    await expect(loading).rejects.toThrow(/parser stopped/);
    const columns = await readCardList(body(JSON.stringify([tx(3)]), { bytes: 0 }));
    expect(columns.row(0).id).toBe("ctx_3");
  });

  it.runIf(process.platform === "linux")("parses at a lower priority than the thread that answers requests", async () => {
    await readCardList(body(JSON.stringify([tx(1)]), { bytes: 0 }));
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the command name in parentheses).
    const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);
    const nices = readdirSync("/proc/self/task").map(niceOf);
    expect(nices).toContain(Math.max(5, niceOf(String(process.pid))));
  });
});
