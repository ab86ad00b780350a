import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CardRow } from "@/lib/finance/card-rows";
import { buildSearchIndex, distinctValues, filterOrder, sortOrder } from "@/lib/finance/card-table-state";
import { bucketOf, CardTotalsAccumulator } from "@/lib/finance/card-totals";
import { upstreamCode } from "@/lib/format/code-case";
import { currencyMinorDigits, toMinorUnits } from "@/lib/format/money";
import { statusTone } from "@/lib/status-tones";
import { CardColumns, columnsOf, InvalidTime } from "./card-columns";

const row = (extra: Partial<CardRow>): CardRow => ({
  id: "ctx_1",
  reference: "REF1",
  amount: 12.5,
  charges: 0.25,
  currency: "USD",
  category: "PURCHASE",
  type: "DEBIT",
  status: "SUCCESS",
  description: "WHOLE FOODS",
  merchant_name: "Whole Foods",
  report: false,
  created_at: "2026-01-01T10:00:00.000Z",
  ...extra,
});

const arbRow: fc.Arbitrary<CardRow> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  reference: fc.option(fc.string({ maxLength: 5 })),
  amount: fc.option(
    fc.oneof(
      fc.integer({ min: -10_000, max: 10_000 }).map((n) => n / 100),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.constantFrom(1.005, -0, 5e-324),
    ),
  ),
  charges: fc.option(fc.integer({ min: 0, max: 500 }).map((n) => n / 100)),
  currency: fc.option(fc.constantFrom("USD", "usd", " USD", "JPY", "KWD", "NGN", "XYZ", "")),
  category: fc.option(fc.constantFrom("PURCHASE", "REFUND")),
  type: fc.option(fc.constantFrom("DEBIT", "CREDIT", "")),
  status: fc.option(fc.constantFrom("SUCCESS", "FAILED", "PENDING")),
  description: fc.option(fc.constantFrom("Whole Foods #1", "AMAZON", "café İstanbul", "", "shop 😀")),
  merchant_name: fc.option(fc.constantFrom("Whole Foods", "Amazon", "ÇAY")),
  report: fc.option(fc.boolean()),
  created_at: fc.option(
    fc.oneof(
      fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms).toISOString()),
      fc.constantFrom("2026-01-01T00:00:00Z", "2026-02-28T23:00:00.5-01:00", "2026-01-01T01:00:00+01:00"),
    ),
  ),
});

// A list's ids are its rows' identities: a repeated one is stored once (see the test below).
const uniqueRows = (maxLength: number) => fc.uniqueArray(arbRow, { selector: (r) => r.id, maxLength });

describe("a card list held in columns", () => {
  it("stores a row whose id it holds already once, the first as sent: a transaction listed twice is counted once", () => {
    const columns = columnsOf([row({ id: "ctx_1", amount: 10.5 }), row({ id: "ctx_2", amount: 3 }), row({ id: "ctx_1", amount: 99 })]);
    expect(columns.count).toBe(2);
    expect([columns.row(0), columns.row(1)].map((r) => [r.id, r.amount])).toEqual([
      ["ctx_1", 10.5],
      ["ctx_2", 3],
    ]);
    const [usd] = columns.totals(columns.sortOrder("date", "desc"));
    expect(usd).toMatchObject({ currency: "USD" });
    expect(JSON.stringify(usd)).not.toContain("99");
  });

  it("gives every row back exactly as it was stored", () => {
    fc.assert(
      fc.property(uniqueRows(60), (rows) => {
        const columns = columnsOf(rows);
        expect(columns.count).toBe(rows.length);
        rows.forEach((r, i) => expect(columns.row(i)).toEqual(r));
      }),
      { numRuns: 200 },
    );
  });

  it("gives back a time written with RFC 3339's lower-case t and z upper case, as a transaction's own page shows it", () => {
    const stored = columnsOf([row({ created_at: "2026-01-31t09:15:00.5+01:00" })]).row(0);
    expect(stored.created_at).toBe("2026-01-31T09:15:00.5+01:00");
  });

  it("sorts, filters and totals exactly as the row-by-row functions do", () => {
    const queries = ["", "whole", "İ", "😀", "o\u0000a", "ref"];
    fc.assert(
      fc.property(
        uniqueRows(80),
        fc.constantFrom("date", "amount") as fc.Arbitrary<"date" | "amount">,
        fc.constantFrom("asc", "desc") as fc.Arbitrary<"asc" | "desc">,
        fc.constantFrom("", "SUCCESS", "FAILED", "NOPE"),
        fc.constantFrom("", "DEBIT"),
        fc.constantFrom(...queries),
        (rows, sort, dir, status, type, q) => {
          const columns = columnsOf(rows);
          const expectedOrder = filterOrder(rows, buildSearchIndex(rows), sortOrder(rows, sort, dir), { status, type, q });
          const order = columns.filter(columns.sortOrder(sort, dir), { status, type, q });
          expect([...order]).toEqual(expectedOrder);
          // Row by row from the objects: each row's amount in minor units, into its status/type bucket.
          const expected = new CardTotalsAccumulator();
          for (const i of expectedOrder) {
            const r = rows[i]!;
            const digits = currencyMinorDigits(r.currency) ?? 2;
            if (r.amount !== null) expected.add(r.currency, digits, toMinorUnits(r.amount, digits), bucketOf(r.status, r.type));
          }
          expect(columns.totals(order)).toEqual(expected.result());
          expect(columns.distinct("status")).toEqual(distinctValues(rows, "status"));
          expect(columns.distinct("type")).toEqual(distinctValues(rows, "type"));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("matches digits and letters of any script as the plain ones, in the typed text and in the rows", () => {
    const rows = [
      row({ id: "a", reference: "REF-8012", description: "AMAZON", merchant_name: "Amazon" }),
      row({ id: "b", reference: "X", description: "Shop ٨٠١٢ (Arabic-Indic digits)", merchant_name: null }),
      row({ id: "c", reference: "Y", description: "ＷＨＯＬＥ ＦＯＯＤＳ", merchant_name: null }),
    ];
    const columns = columnsOf(rows);
    const ids = (q: string) => [...columns.filter(columns.sortOrder("date", "asc"), { status: "", type: "", q })].map((i) => rows[i]!.id);
    for (const typed of ["8012", "８０１２", "٨٠١٢", "८०१२"]) expect(ids(typed), typed).toEqual(["a", "b"]);
    expect(ids("ｒｅｆ-８０")).toEqual(["a"]);
    expect(ids("whole")).toEqual(["c"]);
    // The row-by-row functions read it the same way.
    const order = sortOrder(rows, "date", "asc");
    expect(filterOrder(rows, buildSearchIndex(rows), order, { status: "", type: "", q: "٨٠١٢" }).map((i) => rows[i]!.id)).toEqual([
      "a",
      "b",
    ]);
  });

  it("sorts a list that arrives in order, or nearly, as the row-by-row sort does (ties and missing times kept in place)", () => {
    const times = fc.option(
      fc.constantFrom("2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z", "2026-01-03T00:00:00.000Z", "2026-01-03T00:00:00Z"),
    );
    fc.assert(
      fc.property(
        uniqueRows(40),
        fc.array(times, { maxLength: 40 }),
        fc.constantFrom("asc", "desc") as fc.Arbitrary<"asc" | "desc">,
        fc.nat(),
        (base, at, dir, swap) => {
          const mixed = base.map((r, i) => ({ ...r, created_at: at[i] ?? r.created_at }));
          // As an upstream would send it: already in the order asked for, then perhaps two rows swapped.
          const rows = sortOrder(mixed, "date", dir).map((i) => mixed[i]!);
          if (rows.length > 1 && swap % 2 === 1) {
            const k = swap % (rows.length - 1);
            [rows[k], rows[k + 1]] = [rows[k + 1]!, rows[k]!];
          }
          expect([...columnsOf(rows).sortOrder("date", dir)]).toEqual(sortOrder(rows, "date", dir));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("comes through a hand-over to another thread whole: rows, orders, filters, totals and size", () => {
    fc.assert(
      fc.property(
        uniqueRows(60),
        fc.constantFrom("", "whole", "😀"),
        fc.constantFrom("date", "amount") as fc.Arbitrary<"date" | "amount">,
        (rows, q, first) => {
          const { data, transfer } = columnsOf(rows).handOver({ sort: first, dir: "desc" });
          const moved = CardColumns.from(structuredClone(data, { transfer }));
          const kept = columnsOf(rows);
          expect(moved.count).toBe(rows.length);
          rows.forEach((r, i) => expect(moved.row(i)).toEqual(r));
          for (const sort of ["date", "amount"] as const) {
            // The whole order (worked out before the hand-over for the first sort), then a filtered one.
            expect([...moved.sortOrder(sort, "desc")]).toEqual([...kept.sortOrder(sort, "desc")]);
            expect(moved.totals(moved.sortOrder(sort, "desc"))).toEqual(kept.totals(kept.sortOrder(sort, "desc")));
            const order = moved.filter(moved.sortOrder(sort, "desc"), { status: "SUCCESS", type: "", q });
            expect([...order]).toEqual([...kept.filter(kept.sortOrder(sort, "desc"), { status: "SUCCESS", type: "", q })]);
            expect(moved.totals(order)).toEqual(kept.totals(order));
          }
          expect(moved.distinct("status")).toEqual(kept.distinct("status"));
          expect(moved.bytes()).toBe(kept.bytes());
        },
      ),
      { numRuns: 200 },
    );
  });

  it("holds a realistic row in well under 300 bytes", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) =>
      row({
        id: `ctx_synth_100000_${String(i).padStart(6, "0")}`,
        reference: `CTX${i.toString(36).toUpperCase().padStart(12, "0")}`,
        amount: (i % 9973) / 100,
        created_at: new Date(1.7e12 + i * 60_000).toISOString(),
      }),
    );
    const columns = columnsOf(rows);
    expect(columns.bytes() / rows.length).toBeLessThan(150);
  });
});

describe("times held as numbers", () => {
  it("reads canonical ISO times to the same instant as Date.parse, and keeps any other form as sent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_000_000_000_000, max: 253_000_000_000_000 }), (ms) => {
        const iso = new Date(ms).toISOString();
        if (iso.length !== 24) return; // years past 9999 take a sign and six digits
        const columns = columnsOf([row({ created_at: iso })]);
        expect(columns.row(0).created_at).toBe(iso);
        expect([...columns.sortOrder("date", "asc")]).toEqual([0]);
      }),
      { numRuns: 500 },
    );
    const odd = ["2024-02-29T23:59:59.999Z", "2026-01-01T23:00:00-01:00", "2026-01-01T00:00:00Z", "0001-01-01T00:00:00.000Z"];
    const columns = columnsOf(odd.map((created_at, i) => row({ id: `c${i}`, created_at })));
    odd.forEach((t, i) => expect(columns.row(i).created_at).toBe(t));
    const byTime = [...columns.sortOrder("date", "asc")].map((i) => Date.parse(odd[i]!));
    expect(byTime).toEqual([...byTime].sort((a, b) => a - b));
  });

  it("refuses a time that is not an ISO date-time with a zone on a real date in the years 0001–9999", () => {
    for (const bad of [
      "yesterday",
      "0",
      "1",
      "2026-02-30T00:00:00Z",
      "2026-02-29T00:00:00.000Z",
      "2026-01-01T24:00:00.000Z",
      "2026-01-31T09:15:00",
      "0000-12-31T23:00:00.000Z",
      "+275760-09-13T00:00:00.000Z",
      "9999-12-31T23:00:00-05:00",
    ])
      expect(() => columnsOf([row({ created_at: bad })]), bad).toThrow(InvalidTime);
  });
});

describe("status and type as finance counts them", () => {
  it("reads SUCCESS and success as one status: the filter finds both rows, the choices list it once", () => {
    const rows = [
      row({ id: "a", status: "SUCCESS" }),
      row({ id: "b", status: "success", type: "debit" }),
      row({ id: "c", status: "FAILED" }),
    ];
    const columns = columnsOf(rows);
    const ids = (status: string, type = "") =>
      [...columns.filter(columns.sortOrder("date", "asc"), { status, type, q: "" })].map((i) => columns.row(i).id);
    expect(ids("SUCCESS")).toEqual(["a", "b"]);
    expect(ids("success")).toEqual(["a", "b"]);
    expect(ids("", "DEBIT")).toEqual(["a", "b", "c"]);
    expect(columns.distinct("status")).toEqual(["FAILED", "SUCCESS"]);
    expect(columns.distinct("type")).toEqual(["DEBIT"]);
    // The filtered rows are the ones the totals count as spent.
    const [usd] = columns.totals(columns.filter(columns.sortOrder("date", "asc"), { status: "SUCCESS", type: "", q: "" }));
    expect(usd!.count.spent).toBe(2);
  });

  it("lists a row's status and type as the record's own page reads them, in one colour whatever the case", () => {
    const sent = [" success", "Reconciliation_Required", "pending "];
    const columns = columnsOf(sent.map((status, i) => row({ id: String(i), status, type: "refund_credit " })));
    for (const [i, status] of sent.entries()) {
      expect(columns.row(i)).toMatchObject({ status: upstreamCode(status), type: upstreamCode("refund_credit ") });
      expect(statusTone(columns.row(i).status)).toBe(statusTone(status));
    }
  });
});

describe("the text search", () => {
  it("matches what the answer shows, so a masked card number cannot be recovered digit by digit", () => {
    const rows = [row({ id: "a", description: "POS 4111 1111 1111 1111 LAGOS", reference: "REF-1" })];
    const columns = columnsOf(rows);
    const hits = (q: string) => columns.filter(columns.sortOrder("date", "asc"), { status: "", type: "", q }).length;
    for (const probe of ["4111111111", "4111 1111", "41111111111", "4111111112"]) expect(hits(probe), probe).toBe(0);
    // What is shown still finds the row: the last four digits and the words around them.
    expect(hits("1111 lagos")).toBe(1);
    expect(hits("pos")).toBe(1);
  });
});
