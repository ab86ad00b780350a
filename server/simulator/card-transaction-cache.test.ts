import { beforeEach, describe, expect, it, vi } from "vitest";

const generated = vi.hoisted(() => ({ count: 0 }));
vi.mock("./seed/card-transactions", async (importOriginal) => {
  const original = await importOriginal<typeof import("./seed/card-transactions")>();
  return {
    ...original,
    generateCardTransaction: (...args: Parameters<typeof original.generateCardTransaction>) => {
      generated.count++;
      return original.generateCardTransaction(...args);
    },
  };
});

const { createCardTransactionCache } = await import("./card-transaction-cache");

describe("card transaction cache", () => {
  beforeEach(() => {
    generated.count = 0;
  });

  it("generates a list once and serves the same text again", () => {
    const cache = createCardTransactionCache();
    const first = cache.json("card_synth_1000", 1000);
    expect(generated.count).toBe(1000);
    expect(cache.json("card_synth_1000", 1000)).toBe(first);
    expect(generated.count).toBe(1000);
  });

  it("drops the least recently used list beyond its size", () => {
    const cache = createCardTransactionCache(2);
    cache.json("card_synth_10", 10);
    cache.json("card_synth_20", 20);
    cache.json("card_synth_10", 10);
    cache.json("card_synth_30", 30);
    generated.count = 0;
    cache.json("card_synth_10", 10);
    expect(generated.count).toBe(0);
    cache.json("card_synth_20", 20);
    expect(generated.count).toBe(20);
  });
});
