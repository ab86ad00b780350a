"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { customerContactQuery } from "@/lib/client/customers";
import { queryView } from "@/lib/client/query-view";

/** The values last saved through this back-office; the payments API has no way to read them back. */
export function CurrentContact({ customerId }: { customerId: string }) {
  const query = useQuery(customerContactQuery(customerId));
  const view = queryView(query);
  const retry = () => void query.refetch();
  if (view.kind === "loading") return <p className="text-sm text-slate-500">Loading the saved contact details…</p>;
  if (view.kind === "error")
    return <QueryErrorState compact error={view.error} title="The saved contact details could not be loaded" onRetry={retry} />;
  const c = view.data;
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={retry} className="mb-3" />
      {!c.updated_at ? (
        <p className="text-sm text-slate-600" data-testid="current-contact">
          No contact details have been set through the back-office yet.
        </p>
      ) : (
        <div data-testid="current-contact">
          <DescriptionList>
            <DescriptionItem label="Email address" value={c.email ?? "Not set here"} copy={Boolean(c.email)} />
            <DescriptionItem
              label="Phone number"
              value={c.phone_number ?? "Not set here"}
              mono={Boolean(c.phone_number)}
              copy={Boolean(c.phone_number)}
            />
            <DescriptionItem label="Last changed" value={<DateTime value={c.updated_at} />} />
            <DescriptionItem label="Changed by" value={c.updated_by} />
          </DescriptionList>
        </div>
      )}
    </>
  );
}
