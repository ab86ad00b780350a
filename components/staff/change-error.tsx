import { approvalPendingOf } from "@/components/approvals/approval-pending-notice";
import { isErrorOf } from "@/lib/client/call";
import { failureMessage } from "@/lib/client/fetcher";
import { updateStaff } from "@/lib/contracts/endpoints/staff";

/** A refused or failed change, in the words of the server's envelope; a change sent for approval says so instead. */
export function ChangeError({ error }: { error: unknown }) {
  const pending = approvalPendingOf(error);
  if (pending) return pending;
  const refusedLastAdmin = isErrorOf(updateStaff, error, "last_admin");
  return (
    <div role="alert" data-testid="staff-change-error" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {refusedLastAdmin ? <p className="font-semibold">Not changed</p> : null}
      <p>{failureMessage(error, "The change could not be saved. Try again.")}</p>
    </div>
  );
}
