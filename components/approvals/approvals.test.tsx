import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Approval } from "@/lib/approvals/actions";
import { declineApproval } from "@/lib/contracts/approvals";
import { ApprovalOutcome } from "./approval-outcome";
import { ApprovalRow, DECLINE_FIELDS } from "./approval-row";
import { rowsOf } from "./approvals-queue";

const text = (markup: string) => markup.replace(/<[^>]+>/g, "");
const withClient = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

const ada = { id: "u-ada-1", name: "Ada Obi", email: "ada.obi@example.com" };
const otherAda = { id: "u-ada-2", name: "Ada Obi", email: "ada.obi2@example.com" };

function approval(over: Partial<Approval> = {}): Approval {
  return {
    id: "a1",
    action: "staff.password_reset",
    status: "pending",
    requested_by: ada,
    requested_at: "2026-03-02T10:00:00Z",
    expires_at: "2026-03-03T10:00:00Z",
    summary: "Reset the password of Bo (bo@example.com)",
    decided_by: null,
    decided_at: null,
    reason: null,
    result: null,
    usable_until: null,
    ...over,
  };
}

describe("an approval row names people by name and email", () => {
  it("says who asked and who decided with both, so two members of one name are told apart", () => {
    const markup = renderToStaticMarkup(
      withClient(
        <ApprovalRow
          approval={approval({ status: "declined", decided_by: otherAda, decided_at: "2026-03-02T11:00:00Z", reason: "Not now" })}
          me={{ id: "u-admin", role: "admin" }}
        />,
      ),
    );
    expect(text(markup)).toContain("asked by Ada Obi (ada.obi@example.com)");
    expect(text(markup)).toContain("Declined by Ada Obi (ada.obi2@example.com)");
  });

  it("says who may now reveal a granted record by name and email", () => {
    const markup = renderToStaticMarkup(
      <ApprovalOutcome approval={approval({ action: "bvn.reveal" })} answer={{ kind: "approval_granted", approval: {} }} />,
    );
    expect(text(markup)).toContain("Approved: Ada Obi (ada.obi@example.com) may now reveal it once");
  });
});

describe("a granted reveal while a request of the maker's uses it", () => {
  it("reads as approved and in use, names who approved it, and offers no decision", () => {
    const markup = renderToStaticMarkup(
      withClient(
        <ApprovalRow
          approval={approval({ action: "bvn.reveal", status: "in_use", decided_by: otherAda, usable_until: "2026-03-02T10:15:00Z" })}
          me={{ id: "u-admin", role: "admin" }}
        />,
      ),
    );
    expect(markup).toContain('data-status="in_use"');
    expect(text(markup)).toContain("Approved — the requester is revealing now");
    expect(text(markup)).toContain("Approved by Ada Obi (ada.obi2@example.com)");
    expect(markup).not.toContain('aria-label="Approve:');
  });
});

describe("a reset's one-time password, shown once to the checker", () => {
  it("is drawn from the answer the queue holds, whatever the list now says of the request", () => {
    const markup = renderToStaticMarkup(
      withClient(
        <ApprovalRow
          approval={approval({ status: "executed", decided_by: otherAda })}
          me={{ id: "u-admin", role: "admin" }}
          approved={{ answer: { oneTimePassword: "Tq7-once-only-Pw" } }}
        />,
      ),
    );
    expect(markup).toContain('data-testid="generated-password"');
    expect(markup).toContain("Tq7-once-only-Pw");
  });

  it("keeps its row when the list read after the approval no longer holds the request", () => {
    const approved = approval({ id: "gone" });
    const listed = [approval({ id: "b" }), approval({ id: "c" })];
    const rows = rowsOf(listed, { gone: { approval: approved, answer: { oneTimePassword: "x" } } });
    expect(rows.map((a) => a.id)).toEqual(["gone", "b", "c"]);
  });

  it("does not draw a request twice when the list still holds it, and draws the list's newer state of it", () => {
    const before = approval({ id: "b", status: "pending" });
    const after = approval({ id: "b", status: "executed" });
    const rows = rowsOf([after], { b: { approval: before, answer: {} } });
    expect(rows).toEqual([after]);
  });
});

describe("an approved addition of a member, as the checker sees it", () => {
  it("shows the generated password once", () => {
    const markup = renderToStaticMarkup(
      <ApprovalOutcome
        approval={approval({ action: "staff.role", status: "executed" })}
        answer={{ member: { email: "new.admin@example.com" }, generatedPassword: "Gx4-only-once-Pw" }}
      />,
    );
    expect(text(markup)).toContain("Approved and done: new.admin@example.com was added.");
    expect(markup).toContain('data-testid="generated-password"');
    expect(markup).toContain("Gx4-only-once-Pw");
  });

  it("says the requester's password applies when none was generated", () => {
    const markup = renderToStaticMarkup(
      <ApprovalOutcome
        approval={approval({ action: "staff.role" })}
        answer={{ member: { email: "b@example.com" }, generatedPassword: null }}
      />,
    );
    expect(text(markup)).toContain("They sign in with the password the requester chose.");
    expect(markup).not.toContain("generated-password");
  });
});

describe("the decline form's field", () => {
  it("is named as the route's 400 names the reason, so its refusal lands under the reason", () => {
    const parsed = declineApproval.body!.safeParse({ reason: "   " });
    expect(parsed.success).toBe(false);
    const named = parsed.error!.issues[0]!.path.join(".");
    expect(DECLINE_FIELDS).toContain(named);
  });
});
