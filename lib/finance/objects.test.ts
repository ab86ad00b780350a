import { describe, expect, it } from "vitest";
import { lookupOrder, normaliseSearchId } from "./objects";

describe("finance objects", () => {
  it("tries the kind the prefix suggests first, then the rest", () => {
    expect(lookupOrder("bill_1", "any")).toEqual(["bill", "transaction", "collection", "card"]);
    expect(lookupOrder("XYZ123", "any")).toEqual(["transaction", "bill", "collection", "card"]);
    expect(lookupOrder("XYZ123", "card")).toEqual(["card"]);
  });
  it("refuses ids that cannot be ids", () => {
    expect(normaliseSearchId("  txn_1 ")).toEqual({ id: "txn_1" });
    expect(normaliseSearchId("../x")).toHaveProperty("error");
    expect(normaliseSearchId("")).toHaveProperty("error");
  });
});
