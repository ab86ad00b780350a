import { describe, expect, it } from "vitest";
import type { Approval } from "@/lib/approvals/actions";
import { ApprovalPendingError, BffError } from "@/lib/client/fetcher";
import { createUnsettledCredits, creditOutcomeKnown } from "./credit-attempts";

const lost = new BffError(0, "network_error", "The back-office could not be reached.");
const unknown = new BffError(502, "credit_outcome_unknown", "The payments API did not confirm the credit.");
const timeout = new BffError(504, "upstream_timeout", "The payments API did not answer in time.");
const inProgress = new BffError(409, "credit_in_progress", "A credit with this reference is still being processed.");
const duplicate = new BffError(409, "duplicate_reference", "This reference was already used.", "sender.reference");
const invalid = new BffError(400, "invalid_request", "Enter an amount.", "amount");

describe("whether a failed credit's outcome is known", () => {
  it.each([
    ["no answer", lost],
    ["an outcome the server could not confirm", unknown],
    ["a timeout", timeout],
    ["a credit still in progress", inProgress],
    ["a failure that is not the back-office's answer", new TypeError("Failed to fetch")],
    ["an approval to wait for", new ApprovalPendingError({ action: "credit.simulate" } as unknown as Approval)],
  ])("is not after %s", (_, error) => expect(creditOutcomeKnown(error)).toBe(false));

  it.each([
    ["a refusal of the reference", duplicate],
    ["an invalid request", invalid],
  ])("is after %s", (_, error) => expect(creditOutcomeKnown(error)).toBe(true));
});

describe("the credit a collection account's dialog opens with", () => {
  const typed = { amount: "10", reference: "SIM-20260101000000-ABCDEF12" };

  it("is the one whose outcome is unknown, reference and all, until an outcome is known", () => {
    const credits = createUnsettledCredits<typeof typed>();
    credits.sent("8012345678", typed);
    credits.failed("8012345678", timeout);
    // Closed after the timeout, opened again: the same reference, so a resend replays, never credits twice.
    expect(credits.get("8012345678")).toEqual(typed);
    expect(credits.get("8099999999")).toBeUndefined();
    credits.failed("8012345678", lost);
    expect(credits.get("8012345678")).toEqual(typed);
    credits.succeeded("8012345678");
    expect(credits.get("8012345678")).toBeUndefined();
  });

  it("is a fresh one after a refusal", () => {
    const credits = createUnsettledCredits<typeof typed>();
    credits.sent("8012345678", typed);
    credits.failed("8012345678", duplicate);
    expect(credits.get("8012345678")).toBeUndefined();
  });

  it("is kept from the moment the credit is sent: the answer may never come (the page left meanwhile)", () => {
    const credits = createUnsettledCredits<typeof typed>();
    credits.sent("8012345678", typed);
    expect(credits.get("8012345678")).toEqual(typed);
  });
});
