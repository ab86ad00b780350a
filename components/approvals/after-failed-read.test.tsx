import { describe, expect, it } from "vitest";
import { clientWith, renderWith, textOf } from "@/components/shell/cached-queries.testing";
import { approvalSettingsQuery, approvalsQuery } from "@/lib/client/approvals";
import { BffError } from "@/lib/client/fetcher";
import { ApprovalSettingsForm } from "./approval-settings-form";
import { ApprovalsQueue } from "./approvals-queue";

const failure = new BffError(500, "internal_error", "The database did not answer.");
const REFRESH_FAILED = "Could not refresh: The database did not answer.";

describe("approvals after a re-read that failed", () => {
  it("the queue keeps what it read, with the line", () => {
    const markup = renderWith(
      clientWith([{ queryKey: approvalsQuery().queryKey, data: { approvals: [] }, error: failure }]),
      <ApprovalsQueue me={{ id: "u1", role: "admin" }} />,
    );
    expect(textOf(markup)).toContain("No approval requests.");
    expect(textOf(markup)).toContain(REFRESH_FAILED);
  });

  it("the settings keep their form and the boxes ticked in it, with the line", () => {
    const markup = renderWith(
      clientWith([
        {
          queryKey: approvalSettingsQuery().queryKey,
          data: { required: ["staff.password_reset"], updated_at: "2026-03-01T09:00:00Z", updated_by: "Ada Obi" },
          error: failure,
        },
      ]),
      <ApprovalSettingsForm />,
    );
    expect(markup).toContain('data-testid="approval-settings"');
    expect(textOf(markup)).toContain(REFRESH_FAILED);
  });

  it("a queue never read says what failed and offers Try again", () => {
    const markup = renderWith(
      clientWith([{ queryKey: approvalsQuery().queryKey, error: failure }]),
      <ApprovalsQueue me={{ id: "u1", role: "admin" }} />,
    );
    expect(textOf(markup)).toContain("The approvals could not be loaded");
    expect(textOf(markup)).toContain("Try again");
    expect(textOf(markup)).not.toContain("No approval requests.");
  });
});
