"use client";

import { cx, focusRing } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import { APPROVAL_TTL_HOURS, approvalMode, REVEAL_GRANT_MINUTES, type Approval } from "@/lib/approvals/actions";
import { approvalActionLabels } from "@/lib/approvals/action-labels";
import { ApprovalPendingError } from "@/lib/client/fetcher";

/** The id of the approvals queue on the home page (approvals-queue.tsx), where a request sent for approval is seen. */
export const APPROVALS_ANCHOR = "approvals";

/**
 * What every four-eyes action shows for its 202 `approval_pending` answer (an ApprovalPendingError):
 * not a failure — the request is queued, nothing was done yet, and it waits for a second member.
 */
export function ApprovalPendingNotice({ approval, className }: { approval: Pick<Approval, "action">; className?: string }) {
  const action = approvalActionLabels[approval.action] ?? approval.action;
  // A grant (a reveal) is not run by the approver: its answer is personal data, for the maker alone.
  const then =
    approvalMode[approval.action] === "grant"
      ? `once they have, you can do it yourself, once, within ${REVEAL_GRANT_MINUTES} minutes`
      : "it is done when they approve it";
  return (
    <div
      role="status"
      data-testid="approval-pending"
      className={cx("space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm break-words text-slate-800", className)}
    >
      <p className="font-semibold text-slate-900">Sent for approval</p>
      <p>{`${action} needs a second member: nothing was done yet. A colleague with the same access can approve it within ${APPROVAL_TTL_HOURS} hours; ${then}.`}</p>
      <p>
        <Link href={`/#${APPROVALS_ANCHOR}`} className={cx("rounded font-medium text-brand-700 underline", focusRing)}>
          See your request in the approvals queue
        </Link>{" "}
        on your home page.
      </p>
    </div>
  );
}

/** The notice when `error` is an approval's answer; null for a real failure (the caller shows that its own way). */
export function approvalPendingOf(error: unknown) {
  return error instanceof ApprovalPendingError ? <ApprovalPendingNotice approval={error.approval} /> : null;
}
