import { describe, expect, it } from "vitest";
import { generateCardTransactions } from "@/server/simulator/seed/card-transactions";
import { SEED } from "@/server/simulator/seed/ids";
import { readCardList } from "./card-list-read";

const body = (rows: unknown[]): AsyncIterable<Uint8Array> =>
  (async function* () {
    yield Buffer.from(JSON.stringify(rows));
  })();

const good = { id: "ctx_1", amount: 12.5, currency: "USD", status: "SUCCESS", type: "DEBIT", created_at: "2026-01-31T09:15:00.000Z" };
const invalid = { status: 502, code: "upstream_invalid_response" };

describe("a card's list from the upstream, as the card table reads it", () => {
  it("answers 502, not 500, when one row's amount is past what minor units hold exactly", async () => {
    await expect(
      readCardList(body([good, { id: "ctx_2", amount: 1e14, currency: "USD", status: "SUCCESS", type: "DEBIT" }])),
    ).rejects.toMatchObject(invalid);
  });

  it("answers 502 when a row's time is not an ISO date-time with a zone on a real date in the years 0001–9999; the seed's times pass", async () => {
    for (const created_at of ["0", "2026-02-30T00:00:00Z", "2026-01-31T09:15:00", "+275760-09-13T00:00:00.000Z"])
      await expect(readCardList(body([good, { ...good, id: "ctx_2", created_at }])), created_at).rejects.toMatchObject(invalid);
    // The simulator's seeded cards are read whole.
    for (const card of [SEED.cards.busy, SEED.cards.long]) {
      const rows = generateCardTransactions(card, card === SEED.cards.busy ? SEED.busyCardTransactionCount : SEED.longCardTransactionCount);
      expect((await readCardList(body(rows))).count).toBe(rows.length);
    }
  });
});
