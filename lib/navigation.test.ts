import { describe, expect, it } from "vitest";
import { breadcrumbsFor, navFor, objectTitle, sectionFor } from "./navigation";

describe("sectionFor", () => {
  it("highlights Finance on every finance detail page", () => {
    for (const path of [
      "/finance",
      "/transactions/txn_usd_0001",
      "/bills/bill_elec_0001",
      "/cards/card_busy_0001/transactions",
      "/cards/card_busy_0001/transactions/ctx_1",
      "/collections/col_usd_0001",
    ]) {
      expect(sectionFor(path), path).toBe("/finance");
    }
  });

  it("keeps the bill catalogue its own section, below /bills", () => {
    expect(sectionFor("/bills/categories")).toBe("/bills/categories");
    expect(sectionFor("/bills/categories/cat_electricity/items/biller_ikeja_electric")).toBe("/bills/categories");
  });

  it("matches whole segments only and nothing for unknown addresses", () => {
    expect(sectionFor("/customers/cus_approved")).toBe("/customers");
    expect(sectionFor("/billsomething")).toBeNull();
    expect(sectionFor("/no-such-page")).toBeNull();
    expect(sectionFor("/")).toBeNull();
  });

  it("only points at sections the navigation has", () => {
    const hrefs = new Set(navFor("admin").map((item) => item.href));
    for (const path of ["/transactions/x", "/bills/x", "/bills/categories/x", "/customers/x", "/staff"])
      expect(hrefs.has(sectionFor(path)!)).toBe(true);
  });
});

describe("breadcrumbsFor", () => {
  it("links every ancestor of a detail page", () => {
    expect(breadcrumbsFor("/transactions/txn_usd_0001")).toEqual([{ label: "Finance", href: "/finance" }]);
    expect(breadcrumbsFor("/cards/card_busy_0001/transactions/ctx_9")).toEqual([
      { label: "Finance", href: "/finance" },
      { label: "card_busy_0001", href: "/cards/card_busy_0001/transactions" },
    ]);
    expect(breadcrumbsFor("/bills/categories/cat_electricity/items/biller_ikeja_electric")).toEqual([
      { label: "Finance", href: "/finance" },
      { label: "Bill catalogue", href: "/bills/categories" },
      { label: "cat_electricity", href: "/bills/categories/cat_electricity" },
    ]);
    expect(breadcrumbsFor("/customers/cus_approved")).toEqual([{ label: "Customers", href: "/customers" }]);
  });

  it("has no trail on a section's own page", () => {
    expect(breadcrumbsFor("/finance")).toEqual([]);
    expect(breadcrumbsFor("/customers")).toEqual([]);
    expect(breadcrumbsFor("/")).toEqual([]);
  });

  it("shows a decoded id but keeps the link encoded", () => {
    expect(breadcrumbsFor("/cards/a%20b/transactions/x")[1]).toEqual({ label: "a b", href: "/cards/a%20b/transactions" });
  });
});

describe("objectTitle", () => {
  it("names the object before its kind", () => {
    expect(objectTitle("Transaction", "txn_usd_0001")).toBe("txn_usd_0001 · Transaction");
  });

  it("decodes, drops control characters and shortens long ids", () => {
    expect(objectTitle("Customer", "cus%20x")).toBe("cus x · Customer");
    expect(objectTitle("Bill", "%0Abill")).toBe("bill · Bill");
    expect(objectTitle("Bill", "x".repeat(200))).toHaveLength(60 + " · Bill".length);
    expect(objectTitle("Bill", "%")).toBe("% · Bill");
    expect(objectTitle("Bill", "")).toBe("Bill");
  });
});
