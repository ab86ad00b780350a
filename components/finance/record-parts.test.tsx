import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecordHeadline } from "./record-headline";
import { StatusAndKindCard } from "./record-parts";

const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a record's status and type on its own page", () => {
  it("read the same whatever case the answer used, and in the card list's case", () => {
    const kinds = (status: string, type: string) =>
      renderToStaticMarkup(<StatusAndKindCard record={{ status, type, category: null }} description={null} />);
    expect(kinds("reconciliation_required", "refund_credit")).toBe(kinds("RECONCILIATION_REQUIRED", "REFUND_CREDIT"));
    expect(text(kinds(" reconciliation_required", "refund_credit"))).toContain("Reconciliation required (RECONCILIATION_REQUIRED)");

    const headline = (status: string, type: string) =>
      renderToStaticMarkup(<RecordHeadline amount={12} currency="USD" status={status} type={type} />);
    expect(headline("in_review", "debit")).toBe(headline("IN_REVIEW", "DEBIT"));
    expect(text(headline("success", "credit"))).toContain("Money in: credit");
  });
});
