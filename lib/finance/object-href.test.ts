import { describe, expect, it } from "vitest";
import { billerItemsHref, objectHref } from "./object-href";

describe("links to objects", () => {
  it("links each kind to its page", () => {
    expect(objectHref("card_transaction", "ctx_1", "card_1")).toBe("/cards/card_1/transactions/ctx_1");
    expect(objectHref("collection", "col_1")).toBe("/collections/col_1");
  });

  // Ids also come from upstream answers and webhooks, which bound them but do not hold them to the
  // path allowlist: a page for such an id would answer 400, so there is no link to it.
  it.each([
    ["a slash", "txn/../x"],
    ["a space", "txn 1"],
    ["a dot", "txn.1"],
    ["a percent sign", "txn%2F1"],
    ["a non-ASCII letter", "txné"],
    ["an empty id", ""],
    ["an id over 128 characters", "t".repeat(129)],
  ])("gives no page for an id with %s, of any kind", (_, id) => {
    for (const kind of ["transaction", "bill", "collection", "card", "customer"] as const) expect(objectHref(kind, id)).toBeNull();
    expect(objectHref("card_transaction", id, "card_1")).toBeNull();
    expect(objectHref("card_transaction", "ctx_1", id)).toBeNull();
    expect(billerItemsHref(id, "item_1")).toBeNull();
    expect(billerItemsHref("cat_1", id)).toBeNull();
  });
  it("gives no page for a card transaction without its card", () => {
    expect(objectHref("card_transaction", "ctx_1", null)).toBeNull();
    expect(objectHref("card_transaction", "ctx_1")).toBeNull();
  });
  it("links a biller to its items, and an id of 128 characters still", () => {
    expect(billerItemsHref("cat_1", "item-1")).toBe("/bills/categories/cat_1/items/item-1");
    expect(objectHref("customer", "c".repeat(128))).toBe(`/customers/${"c".repeat(128)}`);
  });
});
