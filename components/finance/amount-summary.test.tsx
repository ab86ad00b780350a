import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AmountSummary } from "./amount-summary";

describe("amount, charges and net side by side", () => {
  it("keep a 12-digit amount inside its third of the row: the box may shrink, the amount wraps in it", () => {
    const markup = renderToStaticMarkup(<AmountSummary amount={123456789012.34} charges={987654321098.76} currency="NGN" type="DEBIT" />);
    const boxes = [...markup.matchAll(/<div class="([^"]*)"><dt/g)].map((m) => m[1]!.split(" "));
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toContain("min-w-0");
    const amounts = [...markup.matchAll(/<dd class="([^"]*)">/g)].map((m) => m[1]!.replaceAll("&amp;", "&").split(" "));
    for (const dd of amounts) {
      expect(dd).toContain("[overflow-wrap:anywhere]");
      // Money keeps an amount on one line; in these boxes it may break.
      expect(dd).toContain("[&_span]:whitespace-normal");
    }
    expect(markup).toContain("₦123,456,789,012.34");
    expect(markup).toContain("₦987,654,321,098.76");
  });
});
