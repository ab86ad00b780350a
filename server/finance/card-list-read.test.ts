import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCardRow } from "@/lib/finance/card-rows";
import { cardTransactionRowSchema } from "@/lib/schemas";
import { CARD_ROW_COLUMNS, compileRowReader, readCardList } from "./card-list-read";

async function* pieces(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const tx = (i: number) => ({ id: `ctx_${i}`, amount: i / 4, currency: "USD", status: "SUCCESS", created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), merchant_city: "not a table column" });

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

  it("answers 502 for a wrongly shaped row or a body that is not a whole array", async () => {
    const badRow = JSON.stringify([tx(1), { ...tx(2), amount: "12.00" }]);
    await expect(readCardList(pieces(badRow, 64))).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    const badTime = JSON.stringify([tx(1), { ...tx(2), created_at: "not a time" }]);
    await expect(readCardList(pieces(badTime, 64))).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    await expect(readCardList(pieces(JSON.stringify([tx(1)]).slice(0, -1), 64))).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
  });
});

describe("the compiled row check", () => {
  it("accepts and refuses exactly what the shared row schema does, giving the same row", () => {
    const read = compileRowReader(CARD_ROW_COLUMNS);
    const anyValue = fc.oneof(fc.string({ maxLength: 3 }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant({}), fc.constant([]));
    const field = (good: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: anyValue });
    const text = fc.option(fc.string({ maxLength: 4 }), { nil: undefined });
    const row = fc.record(
      {
        id: field(fc.string({ minLength: 1, maxLength: 4 })),
        reference: field(text),
        amount: field(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }))),
        charges: field(fc.option(fc.integer())),
        currency: field(text),
        category: field(text),
        type: field(text),
        status: field(text),
        description: field(text),
        merchant_name: field(text),
        report: field(fc.option(fc.boolean())),
        created_at: field(fc.option(fc.constant("2026-01-01T00:00:00.000Z"))),
        merchant_city: anyValue,
      },
      { requiredKeys: [] },
    );
    const element = fc.oneof({ weight: 9, arbitrary: row }, { weight: 1, arbitrary: anyValue });
    fc.assert(
      fc.property(element, (value) => {
        const expected = cardTransactionRowSchema.safeParse(value);
        const got = read(value);
        // The date itself is checked by the column store (see "refuses a time no parser can read").
        const refused = "invalid" in got || (got.created_at !== null && Number.isNaN(Date.parse(got.created_at)));
        expect(refused).toBe(!expected.success);
        if (expected.success) expect(got).toStrictEqual(toCardRow(expected.data));
      }),
      { numRuns: 2000 },
    );
  });
});
