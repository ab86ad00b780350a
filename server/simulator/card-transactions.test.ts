import { describe, expect, it } from "vitest";
import { cardTransactionListSchema, cardTransactionSchema } from "@/lib/schemas";
import { generateCardTransactions } from "./seed/card-transactions";
import { SEED, SEED_REFERENCE_DATE } from "./seed/ids";
import type { CardTransactionRecord } from "./seed/records";
import { setup } from "./test-support";

describe("GET /cards/{id}/transactions", () => {
  it("card_busy_0001 has 5,200 transactions, all valid, unique, varied and in the past", async () => {
    const { api } = await setup();
    const r = await api("GET", `/cards/${SEED.cards.busy}/transactions`);
    expect(r.status).toBe(200);
    const list = cardTransactionListSchema.parse(r.json);
    expect(list).toHaveLength(SEED.busyCardTransactionCount);
    const raw = r.json as CardTransactionRecord[];
    expect(raw.every((t) => Object.keys(t).length === 20)).toBe(true);
    expect(new Set(list.map((t) => t.id)).size).toBe(list.length);
    expect(new Set(list.map((t) => t.reference)).size).toBeGreaterThan(5_150);

    const distinct = (key: keyof CardTransactionRecord) => new Set(raw.map((t) => t[key]));
    expect(distinct("status")).toEqual(new Set(["SUCCESS", "PENDING", "FAILED", "REVERSED"]));
    expect(distinct("type")).toEqual(new Set(["DEBIT", "CREDIT"]));
    expect(distinct("merchant_name").size).toBeGreaterThan(15);
    expect(distinct("merchant_country").size).toBeGreaterThan(3);
    expect(distinct("merchant_mcc").size).toBeGreaterThan(10);
    expect(distinct("currency")).toContain("USD");
    expect(raw.filter((t) => t.currency === "USD").length / raw.length).toBeGreaterThan(0.85);
    expect(raw.some((t) => t.report && t.report_message.length > 0)).toBe(true);

    const reference = Date.parse(SEED_REFERENCE_DATE);
    const times = raw.map((t) => Date.parse(t.created_at));
    expect(Math.max(...times)).toBeLessThan(reference);
    expect(reference - Math.min(...times)).toBeGreaterThan(150 * 86_400_000);
    // Newest first.
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]!)).toBe(true);
    expect(raw.every((t) => Date.parse(t.updated_at) >= Date.parse(t.created_at))).toBe(true);
  });

  it("card_long_0001 serves valid transactions whose merchant names are longer than any real-world seed", async () => {
    const { api } = await setup();
    const r = await api("GET", `/cards/${SEED.cards.long}/transactions`);
    expect(r.status).toBe(200);
    const list = cardTransactionListSchema.parse(r.json);
    expect(list).toHaveLength(SEED.longCardTransactionCount);
    const raw = r.json as CardTransactionRecord[];
    expect(Math.min(...raw.map((t) => t.merchant_name.length))).toBeGreaterThan(70);
    expect(raw.some((t) => !/\s/.test(t.merchant_name.split("*")[0]!))).toBe(true);
  });

  it("is deterministic across simulators", () => {
    expect(generateCardTransactions(SEED.cards.busy, 50)).toEqual(generateCardTransactions(SEED.cards.busy, 50));
  });

  it("a single transaction equals its entry in the list; another card's id is 404", async () => {
    const { api } = await setup();
    const list = (await api("GET", `/cards/${SEED.cards.busy}/transactions`)).json as CardTransactionRecord[];
    const pick = list[1234]!;
    const one = await api("GET", `/cards/${SEED.cards.busy}/transactions/${pick.id}`);
    expect(one.status).toBe(200);
    expect(cardTransactionSchema.parse(one.json)).toEqual(cardTransactionSchema.parse(pick));
    expect((await api("GET", `/cards/${SEED.cards.busy}/transactions/ctx_busy_0001_005200`)).status).toBe(404);
    expect((await api("GET", `/cards/card_synth_10/transactions/${pick.id}`)).status).toBe(404);
    expect((await api("GET", `/cards/${SEED.cards.empty}/transactions/ctx_empty_0001_000000`)).status).toBe(404);
  });

  it("card_empty_0001 has none; unknown cards are 404", async () => {
    const { api } = await setup();
    expect(await api("GET", `/cards/${SEED.cards.empty}/transactions`)).toMatchObject({ status: 200, json: [] });
    for (const id of ["card_nope", "card_synth_200001", "card_synth_007", "card_busy_0002"]) {
      expect((await api("GET", `/cards/${id}/transactions`)).status, id).toBe(404);
    }
  });

  it("card_synth_<N> has N transactions and is cached after the first request", async () => {
    const { api } = await setup();
    const first = await api("GET", "/cards/card_synth_20000/transactions");
    expect((first.json as unknown[]).length).toBe(20_000);
    expect(cardTransactionListSchema.safeParse(first.json).success).toBe(true);
    const again = await api("GET", "/cards/card_synth_20000/transactions");
    expect(again.text).toBe(first.text);
    expect(((await api("GET", "/cards/card_synth_0/transactions")).json as unknown[]).length).toBe(0);
  });
});
