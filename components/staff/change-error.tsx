import { isErrorOf } from "@/lib/client/call";
import { ApprovalPendingError, BffError } from "@/lib/client/fetcher";
import { updateStaff } from "@/lib/contracts/endpoints/staff";

/** A refused or failed change, in the words of the server's envelope. */
export function ChangeError({ error }: { error: unknown }) {
  const refusedLastAdmin = isErrorOf(updateStaff, error, "last_admin");
  if (error instanceof ApprovalPendingError) {
    // Not a failure: the change waits for another administrator.
    return (
      <div
        role="status"
        data-testid="staff-change-pending"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p>{error.message}</p>
      </div>
    );
  }
  return (
    <div role="alert" data-testid="staff-change-error" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {refusedLastAdmin ? <p className="font-semibold">Not changed</p> : null}
      <p>{error instanceof BffError ? error.message : "The change could not be saved. Try again."}</p>
    </div>
  );
}
