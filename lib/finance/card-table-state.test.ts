import { describe, expect, it } from "vitest";
import type { CardRow } from "./card-rows";
import {
  buildSearchIndex,
  filterOrder,
  parseTableState,
  rangeZone,
  sortOrder,
  tableStateProblems,
  tableStateToSearch,
} from "./card-table-state";

const row = (id: string, amount: number | null, created: string | null, extra: Partial<CardRow> = {}): CardRow => ({
  id,
  reference: `REF${id}`,
  amount,
  charges: 0,
  currency: "USD",
  category: null,
  type: "DEBIT",
  status: "SUCCESS",
  description: `shop ${id}`,
  merchant_name: "Acme",
  report: false,
  created_at: created,
  ...extra,
});
const rows = [
  row("a", 5, "2026-01-02T00:00:00Z"),
  row("b", 20, "2026-01-03T00:00:00Z", { status: "FAILED" }),
  row("c", null, null, { type: "CREDIT" }),
];

describe("card table state", () => {
  it("round-trips through the URL and ignores nonsense", () => {
    const state = {
      sort: "amount",
      dir: "asc",
      status: "FAILED",
      type: "",
      q: "shop",
      from: "2026-11-01",
      to: "2026-11-30",
      tz: "Africa/Lagos",
      currency: "USD",
    } as const;
    expect(parseTableState(new URLSearchParams(tableStateToSearch(state)))).toEqual(state);
    expect(parseTableState(new URLSearchParams("sort=evil&dir=sideways"))).toMatchObject({ sort: "date", dir: "desc" });
    expect(tableStateToSearch(parseTableState(new URLSearchParams()))).toBe("");
  });

  it("names each date of the address it leaves out, with the reason, and no other", () => {
    const params = new URLSearchParams("from=2026-02-30&to=9999-12-31&status=FAILED&sort=evil");
    expect(parseTableState(params)).toMatchObject({ from: "", to: "", status: "FAILED" });
    expect(tableStateProblems(params)).toEqual({ from: "That date does not exist.", to: "Use a date from 0001-01-02 to 9999-12-30." });
    expect(tableStateProblems(new URLSearchParams("from=31/01/2026"))).toEqual({ from: "Use a date like 2026-01-31." });
    expect(tableStateProblems(new URLSearchParams("from=2026-01-01&to=2026-01-31"))).toEqual({});
    expect(tableStateProblems(new URLSearchParams("from=&to="))).toEqual({});
  });

  it("drops a time zone the server would refuse, and names it when a date it would be read in applies", () => {
    const params = new URLSearchParams("from=2025-01-01&tz=Mars/Base");
    const state = parseTableState(params);
    expect(state).toMatchObject({ from: "2025-01-01", tz: "" });
    // The page's first filter change, its retry and the CSV are written from this state: no tz in them.
    expect(tableStateToSearch({ ...state, status: "FAILED" })).toBe("?status=FAILED&from=2025-01-01");
    expect(tableStateProblems(params)).toEqual({ tz: "This time zone is not known; the dates are read in UTC." });
    for (const odd of ["Africa/Lagos; DROP", "../../etc/passwd", "x".repeat(80), "   "]) {
      const oddParams = new URLSearchParams({ from: "2025-01-01", tz: odd });
      expect(parseTableState(oddParams).tz, odd).toBe("");
      expect(tableStateProblems(oddParams).tz ?? null, odd).toBe(
        odd.trim() ? "This time zone is not known; the dates are read in UTC." : null,
      );
    }
    // A known zone, or a different spelling of one, stays; a zone with no date to read is not used, so not named.
    expect(parseTableState(new URLSearchParams("from=2025-01-01&tz=Africa/Lagos")).tz).toBe("Africa/Lagos");
    expect(parseTableState(new URLSearchParams("from=2025-01-01&tz=UTC")).tz).toBe("UTC");
    expect(tableStateProblems(new URLSearchParams("from=2025-01-01&tz=Africa/Lagos"))).toEqual({});
    expect(tableStateProblems(new URLSearchParams("tz=Mars/Base&status=FAILED"))).toEqual({});
    expect(tableStateProblems(new URLSearchParams("from=2026-02-30&tz=Mars/Base"))).toEqual({ from: "That date does not exist." });
  });

  it("reads a range in the zone its address names, else in UTC as the server does; no range, in the viewer's", () => {
    expect(rangeZone({ from: "2025-01-01", to: "", tz: "Africa/Lagos" }, "Europe/Paris")).toBe("Africa/Lagos");
    expect(rangeZone(parseTableState(new URLSearchParams("to=2025-01-31&tz=Mars/Base")), "Europe/Paris")).toBe("UTC");
    expect(rangeZone({ from: "", to: "", tz: "Africa/Lagos" }, "Europe/Paris")).toBe("Europe/Paris");
  });

  it("sends a pasted tab or newline in the search as a space, and reads a hostile link the same way", () => {
    const pasted = { ...parseTableState(new URLSearchParams()), q: "UBER\t*TRIP\n" };
    expect(new URLSearchParams(tableStateToSearch(pasted)).get("q")).toBe("UBER *TRIP ");
    expect(parseTableState(new URLSearchParams("q=a%00b%ED%A0%80")).q).not.toMatch(/[\u0000\ud800-\udfff]/);
  });
  it("sorts by date and amount with missing values last", () => {
    expect(sortOrder(rows, "date", "desc")).toEqual([1, 0, 2]);
    expect(sortOrder(rows, "amount", "asc")).toEqual([0, 1, 2]);
    expect(sortOrder(rows, "amount", "desc")).toEqual([1, 0, 2]);
  });
  it("sorts amounts within each currency, never across currencies", () => {
    const mixed = [
      row("usd-big", 900, null),
      row("ngn", 150000, null, { currency: "NGN" }),
      row("usd-small", 10, null),
      row("none", 5, null, { currency: null }),
    ];
    expect(sortOrder(mixed, "amount", "desc").map((i) => mixed[i]!.id)).toEqual(["ngn", "usd-big", "usd-small", "none"]);
    expect(sortOrder(mixed, "amount", "asc").map((i) => mixed[i]!.id)).toEqual(["ngn", "usd-small", "usd-big", "none"]);
  });
  it("filters by status, type and text over description, merchant and reference", () => {
    const index = buildSearchIndex(rows);
    const order = sortOrder(rows, "date", "desc");
    expect(filterOrder(rows, index, order, { status: "FAILED", type: "", q: "" })).toEqual([1]);
    expect(filterOrder(rows, index, order, { status: "", type: "CREDIT", q: "" })).toEqual([2]);
    expect(filterOrder(rows, index, order, { status: "", type: "", q: "REFa" })).toEqual([0]);
    expect(filterOrder(rows, index, order, { status: "", type: "", q: "nothing" })).toEqual([]);
  });
});
