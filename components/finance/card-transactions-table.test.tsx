import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { ShownCardWindow } from "@/lib/client/card-transactions";
import { DEFAULT_STATE } from "@/lib/finance/card-table-state";
import type { CardRow } from "@/lib/finance/card-rows";
import { AMOUNT_LONG, amountLength, CardTransactionsTable } from "./card-transactions-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, replace() {}, prefetch() {} }) }));

const row = (id: string, extra: Partial<CardRow> = {}): CardRow => ({
  id,
  reference: `REF-${id}`,
  amount: 12.5,
  charges: 0,
  currency: "USD",
  category: null,
  type: "DEBIT",
  status: "SUCCESS",
  description: `shop ${id}`,
  merchant_name: "Acme",
  report: false,
  created_at: "2026-01-02T10:00:00Z",
  ...extra,
});

const shown = (rows: CardRow[]): ShownCardWindow => ({
  snapshot: { id: "snap", fetchedAt: "2026-01-03T00:00:00Z", checkedAt: "2026-01-03T00:00:00Z", total: rows.length },
  matched: rows.length,
  totals: [],
  currencies: ["USD"],
  statuses: ["SUCCESS"],
  types: ["DEBIT"],
  offset: 0,
  rows,
  view: DEFAULT_STATE,
});

const render = (rows: CardRow[]) =>
  renderToStaticMarkup(<CardTransactionsTable cardId="card_1" first={shown(rows)} onSort={() => {}} onReload={() => {}} />);

describe("the card transactions table's long values", () => {
  it("gives a reference cut to its column the whole (masked) value on hover", () => {
    const reference = `REF-${"7".repeat(6)}******${"9".repeat(40)}`;
    const markup = render([row("a", { reference }), row("b", { reference: null })]);
    expect(markup).toContain(`title="${reference}"`);
    // No reference: a dash, with nothing to show on hover.
    expect(markup).not.toMatch(/title="—"/);
  });

  it("shows a 12-digit amount whole: a column wide enough for it, a size smaller when longer still", () => {
    const markup = render([
      row("usd", { amount: 123456789012.34 }),
      row("ngn", { amount: 123456789012.34, currency: "NGN", type: "CREDIT" }),
      row("odd", { amount: 123456789012.34, currency: "ZZZ" }),
    ]);
    // The amount column is wider than the 7.5rem that cut the cents off.
    expect(markup).toContain("_10.5rem]");
    expect(markup).not.toContain("_7.5rem]");
    expect(amountLength({ amount: 123456789012.34, currency: "USD", type: "DEBIT" })).toBeLessThan(AMOUNT_LONG);
    expect(amountLength({ amount: 123456789012.34, currency: "NGN", type: "CREDIT" })).toBeGreaterThanOrEqual(AMOUNT_LONG);
    expect(amountLength({ amount: 123456789012.34, currency: "ZZZ", type: "DEBIT" })).toBeGreaterThanOrEqual(AMOUNT_LONG);
    const amounts = [...markup.matchAll(/<span class="([^"]*tabular-nums[^"]*)" title="([^"]*)">([^<]*)<\/span>/g)].map((m) => ({
      small: m[1]!.split(" ").includes("text-xs"),
      text: m[3],
    }));
    expect(amounts).toEqual([
      { small: false, text: "$123,456,789,012.34" },
      { small: true, text: "+₦123,456,789,012.34" },
      { small: true, text: "123,456,789,012.34 ZZZ" },
    ]);
  });
});
