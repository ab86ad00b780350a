import { describe, expect, it } from "vitest";
import { targetLink } from "./target-link";

const link = (action: string, target: string | null, detail: Record<string, unknown> | null = null) =>
  targetLink({ action, target, detail })?.href ?? null;

describe("targetLink", () => {
  it("links each entry to the object it names, in the format its writer uses", () => {
    expect(link("customer.contact.update", "cus_1")).toBe("/customers/cus_1");
    expect(link("verification.check", "cus_1")).toBe("/customers/cus_1");
    expect(link("bill.token.reveal", "bill:bill_9")).toBe("/bills/bill_9");
    expect(link("card_transactions.export", "card:card_3")).toBe("/cards/card_3/transactions");
    expect(link("credit.simulate", "collection_account:0123", { transactionId: "txn_5" })).toBe("/transactions/txn_5");
    expect(link("credit.simulate.replay", "collection_account:0123", { transactionId: "txn_5" })).toBe("/transactions/txn_5");
    expect(link("card.create.replay", "cus_1")).toBe("/customers/cus_1");
    expect(link("transaction.read", "/api/v1/transactions/txn_7")).toBe("/transactions/txn_7");
    expect(link("customer.contact.update", "/api/v1/customers/cus_2/update")).toBe("/customers/cus_2");
    expect(link("activity.read", "activity:bill:bill_4")).toBe("/bills/bill_4");
    expect(link("staff.update", "staff:a@example.com")).toBe("/staff");
  });

  it("gives no link where there is no page or the id is not one", () => {
    expect(link("bvn.lookup", "bvn:*******1234")).toBeNull();
    expect(link("audit.export", "audit_log")).toBeNull();
    expect(link("auth.sign_in", null)).toBeNull();
    expect(link("credit.simulate", "collection_account:0123")).toBeNull();
    expect(link("bill.token.reveal", "bill:../../etc")).toBeNull();
  });
});
