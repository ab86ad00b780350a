import { describe, expect, it } from "vitest";
import { readCardList } from "./card-list-read";

async function* pieces(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const tx = (i: number) => ({
  id: `ctx_${i}`,
  amount: i / 4,
  currency: "USD",
  status: "SUCCESS",
  created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  merchant_city: "not a table column",
});

describe("reading a card's list from the upstream stream", () => {
  it("stores the table's columns, with missing fields as null, and reports rows read as it goes", async () => {
    const seen: number[] = [];
    const columns = await readCardList(pieces(JSON.stringify(Array.from({ length: 3000 }, (_, i) => tx(i))), 4096), (n) => seen.push(n));
    expect(columns.count).toBe(3000);
    const t = tx(7);
    expect(columns.row(7)).toStrictEqual({
      id: t.id,
      reference: null,
      amount: 1.75,
      charges: null,
      currency: "USD",
      category: null,
      type: null,
      status: "SUCCESS",
      description: null,
      merchant_name: null,
      report: null,
      created_at: t.created_at,
    });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.at(-1)).toBe(3000);
  });

  it("answers what waits on the app's thread once the body has ended, before the list is handed on", async () => {
    let answeredBetween = false;
    async function* body(): AsyncIterable<Uint8Array> {
      yield Buffer.from(JSON.stringify([tx(1), tx(2)]));
      // What was waiting for the event loop when the body ended, as a request on another connection would.
      setImmediate(() => (answeredBetween = true));
    }
    const columns = await readCardList(body());
    expect(columns.count).toBe(2);
    expect(answeredBetween).toBe(true);
  });

  it("answers 502 for a wrongly shaped row or a body that is not a whole array", async () => {
    const badRow = JSON.stringify([tx(1), { ...tx(2), amount: "12.00" }]);
    await expect(readCardList(pieces(badRow, 64))).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    const badTime = JSON.stringify([tx(1), { ...tx(2), created_at: "not a time" }]);
    await expect(readCardList(pieces(badTime, 64))).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    await expect(readCardList(pieces(JSON.stringify([tx(1)]).slice(0, -1), 64))).rejects.toMatchObject({
      status: 502,
      code: "upstream_invalid_response",
    });
  });
});
