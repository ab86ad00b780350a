import { describe, expect, it } from "vitest";
import { activityLabel, activityOutcome, activitySummary } from "./activity";

describe("activity wording", () => {
  it("says what happened in words, never the masked values, hashes or idempotency keys", () => {
    expect(
      activitySummary("customer.contact.update", {
        fields_changed: ["email", "phone_number"],
        email: "a•••@example.com",
        during_pending: true,
      }),
    ).toBe("changed email and phone number, during a pending verification");
    expect(activitySummary("verification.check", { status: "APPROVED", can_create_card: false })).toBe(
      "answered approved (no card permitted)",
    );
    expect(activitySummary("card.create", { idempotency_key: "k-1", card_id: "card_9", http_status: 200 })).toBe("card card_9");
    expect(activitySummary("bvn.lookup", { bvnHash: "abc", bvnLast4: "1234" })).toBeNull();
  });

  it("marks refused and failed actions in the label", () => {
    expect(activityLabel("card.create", "failure")).toBe("Created a card — failed");
    expect(activityLabel("bill.read", "denied")).toBe("Tried to open the bill — refused");
  });

  it("tells a replay from the act it repeats", () => {
    expect(activityLabel("card.create.replay", "success")).toBe("Repeated a card request (answered as the first time, no new card)");
    expect(activityLabel("credit.simulate.replay", "failure")).toBe(
      "Repeated a credit request (answered as the first time, no new credit) — failed",
    );
    expect(
      activitySummary("card.create.replay", { idempotency_key: "k-1", card_id: "card_9", replay_of_request_id: "r-1", http_status: 200 }),
    ).toBe("card card_9");
    expect(activitySummary("credit.simulate.replay", { amount: "10.00", senderReference: "ref-1", transactionId: "txn_5" })).toBe(
      "amount 10.00, reference ref-1, transaction txn_5",
    );
  });

  it("writes a credit's amount as money is written, not as the number was sent", () => {
    expect(activitySummary("credit.simulate", { amount: 1000.5, senderReference: "ref-2" })).toBe("amount 1,000.50, reference ref-2");
    expect(activitySummary("credit.simulate", { amount: "250000" })).toBe("amount 250,000.00");
    expect(activitySummary("credit.simulate", { amount: 1000, currency: "JPY" })).toBe("amount 1,000");
    expect(activitySummary("credit.simulate", { amount: 1.125, currency: "KWD" })).toBe("amount 1.125");
    expect(activitySummary("credit.simulate", { amount: 1.5, currency: "KWD" })).toBe("amount 1.500");
  });
});

describe("a card request held back on purpose", () => {
  it("is named for what it is and shown as refused, not as a failed card creation", () => {
    const detail = { code: "card_recently_issued" };
    expect(activityLabel("card.create", "failure", detail)).toBe("Second card held back (a card was issued moments ago)");
    expect(activityOutcome("card.create", "failure", detail)).toBe("denied");
    expect(activitySummary("card.create", detail)).toBeNull();
  });
  it("still reads a real failure as failed, with the error in words", () => {
    const detail = { code: "upstream_unreachable", http_status: 502 };
    expect(activityLabel("card.create", "failure", detail)).toBe("Created a card — failed");
    expect(activityOutcome("card.create", "failure", detail)).toBe("failure");
    expect(activitySummary("card.create", detail)).toBe("Payments API unreachable");
  });
});
