import { isErrorOf } from "@/lib/client/call";
import { BffError } from "@/lib/client/fetcher";
import { updateStaff } from "@/lib/contracts/staff";

/** A refused or failed change, in the words of the server's envelope. */
export function ChangeError({ error }: { error: unknown }) {
  const refusedLastAdmin = isErrorOf(updateStaff, error, "last_admin");
  return (
    <div role="alert" data-testid="staff-change-error" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {refusedLastAdmin ? <p className="font-semibold">Not changed</p> : null}
      <p>{error instanceof BffError ? error.message : "The change could not be saved. Try again."}</p>
    </div>
  );
}
