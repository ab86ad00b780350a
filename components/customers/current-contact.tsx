"use client";

import { useQuery } from "@tanstack/react-query";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { BffError } from "@/lib/client/fetcher";
import { customerContactQuery } from "@/lib/client/customers";

/** The values last saved through this back-office; the payments API has no way to read them back. */
export function CurrentContact({ customerId }: { customerId: string }) {
  const query = useQuery(customerContactQuery(customerId));
  if (query.isPending) return <p className="text-sm text-slate-500">Loading the saved contact details…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {query.error instanceof BffError ? query.error.message : "The saved contact details could not be loaded."}
      </p>
    );
  }
  const c = query.data;
  if (!c.updated_at)
    return (
      <p className="text-sm text-slate-600" data-testid="current-contact">
        No contact details have been set through the back-office yet.
      </p>
    );
  return (
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
  );
}
