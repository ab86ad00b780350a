import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { RevealFailure } from "@/components/compliance/bvn-lookup";
import { CardErrorNotice } from "@/components/customers/card-error-notice";
import { ChangeError } from "@/components/staff/change-error";
import type { Approval, ApprovalAction } from "@/lib/approvals/actions";
import { ApprovalPendingError, BffError } from "@/lib/client/fetcher";
import { ApprovalPendingNotice } from "./approval-pending-notice";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, replace() {}, prefetch() {} }) }));

const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

/** The 202 answer of a four-eyes action, as bffFetch throws it. */
function sentForApproval(action: ApprovalAction): ApprovalPendingError {
  const member = { id: "u-1", name: "Ada Obi", email: "ada@example.com" };
  const approval: Approval = {
    id: "ap-1",
    action,
    status: "pending",
    requested_by: member,
    requested_at: "2026-03-02T10:00:00Z",
    expires_at: "2026-03-03T10:00:00Z",
    summary: "The request",
    decided_by: null,
    decided_at: null,
    reason: null,
    result: null,
    usable_until: null,
  };
  return new ApprovalPendingError(approval);
}

/** The one notice: neutral, a status (not an alert), says it waits for a second member and links to the queue. */
function expectApprovalNotice(markup: string, actionLabel: string) {
  expect(markup).toContain('data-testid="approval-pending"');
  expect(markup).toContain('role="status"');
  expect(markup).not.toContain('role="alert"');
  expect(markup).not.toContain("red-");
  expect(text(markup)).toContain("Sent for approval");
  expect(text(markup)).toContain(`${actionLabel} needs a second member: nothing was done yet.`);
  expect(markup).toContain('href="/#approvals"');
  // No error code, no "Technical details": it is not a failure.
  expect(markup).not.toContain("approval_pending");
  expect(markup).not.toContain("Technical details");
}

describe("a four-eyes action's 202 answer is shown one way wherever it comes back", () => {
  it("on the staff page (a reset, a role change, a second-factor reset)", () => {
    expectApprovalNotice(renderToStaticMarkup(<ChangeError error={sentForApproval("staff.password_reset")} />), "Staff password reset");
  });

  it("in the create-card dialog", () => {
    expectApprovalNotice(renderToStaticMarkup(<CardErrorNotice error={sentForApproval("card.create")} />), "Card issuance");
  });

  it("after a BVN reveal, which the maker then does themselves once it is approved", () => {
    const markup = renderToStaticMarkup(<RevealFailure error={sentForApproval("bvn.reveal")} />);
    expectApprovalNotice(markup, "BVN reveal");
    expect(text(markup)).not.toContain("Could not reveal");
    expect(text(markup)).toContain("you can do it yourself, once, within 15 minutes");
  });

  it("says an executed action is done when approved", () => {
    const markup = renderToStaticMarkup(<ApprovalPendingNotice approval={{ action: "staff.role" }} />);
    expect(text(markup)).toContain("it is done when they approve it.");
  });

  it("leaves a real refusal an alert in each place", () => {
    const refused = new BffError(403, "forbidden", "Your role may not do that.");
    for (const markup of [
      renderToStaticMarkup(<ChangeError error={refused} />),
      renderToStaticMarkup(<CardErrorNotice error={refused} />),
      renderToStaticMarkup(<RevealFailure error={refused} />),
    ]) {
      expect(markup).toContain('role="alert"');
      expect(markup).toContain("Your role may not do that.");
      expect(markup).not.toContain("Sent for approval");
    }
  });
});
