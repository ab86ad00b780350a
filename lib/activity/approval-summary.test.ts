import { describe, expect, it } from "vitest";
import { activityLabel, activitySummary } from "./activity";

describe("four-eyes entries on a timeline", () => {
  it("name what was asked, who asked and who approved or declined", () => {
    const detail = {
      approval_id: "a1",
      approval_action: "card.create",
      summary: "Issue a card to customer cus_1",
      requested_by: "Mary Maker <mary@example.com>",
      approved_by: "Chuck Checker <chuck@example.com>",
    };
    expect(activityLabel("approval.approve", "success")).toBe("Approved a colleague's request");
    expect(activitySummary("approval.approve", detail)).toBe(
      "Issue a card to customer cus_1, requested by Mary Maker <mary@example.com>, approved by Chuck Checker <chuck@example.com>",
    );
    expect(
      activitySummary("approval.decline", {
        summary: "Issue a card to customer cus_1",
        requested_by: "Mary Maker <mary@example.com>",
        declined_by: "Chuck Checker <chuck@example.com>",
        reason: "wait",
      }),
    ).toBe(
      "Issue a card to customer cus_1, requested by Mary Maker <mary@example.com>, declined by Chuck Checker <chuck@example.com>, reason: wait",
    );
  });
});
