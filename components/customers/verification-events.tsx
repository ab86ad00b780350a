"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/shell/query-state";
import { MaybeLink } from "@/components/ui/maybe-link";
import { objectHref } from "@/lib/finance/object-href";
import { Badge, statusTone } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { verificationEventsQuery } from "@/lib/client/customers";
import { codeWords } from "@/lib/format/code-words";

/**
 * Every signed webhook delivery received, duplicates included (they change nothing): a section
 * folded shut under the directory, since staff open it to trace a decision, not every day.
 */
export function VerificationEvents() {
  const query = useQuery(verificationEventsQuery());
  return (
    <details className="relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer px-5 py-3 text-slate-900">
        <h2 className="inline text-sm font-semibold">Verification decisions received from the payments API</h2>
      </summary>
      <p className="border-t border-slate-100 px-5 pt-3 pb-2 text-sm text-slate-500">Each decision the payments API sent, newest first.</p>
      <QueryState query={query} notFound={{ title: "No events", message: "No verification events were found." }}>
        {({ events }) =>
          events.length === 0 ? (
            <EmptyState
              title="No verification decisions received yet"
              message="Decisions arrive here when the payments API delivers them."
              className="m-4"
            />
          ) : (
            <Table caption="Verification decisions received" stackOnPhone>
              <THead>
                <TR>
                  <TH>Received</TH>
                  <TH>Customer</TH>
                  <TH>Status</TH>
                  <TH>Event id</TH>
                  <TH>Processed</TH>
                </TR>
              </THead>
              <TBody>
                {events.map((event) => (
                  <TR key={event.id} data-testid="verification-event-row">
                    <TD label="Received">
                      {/* On a phone the time wraps under its label's column rather than running past the card. */}
                      <DateTime value={event.received_at} className="max-md:whitespace-normal!" />
                    </TD>
                    <TD label="Customer" mono>
                      <MaybeLink
                        href={objectHref("customer", event.customer_id)}
                        className="rounded"
                        linkClassName="text-brand-700 underline"
                      >
                        {event.customer_id}
                      </MaybeLink>
                    </TD>
                    <TD label="Status">
                      <Badge tone={statusTone(event.status)}>{codeWords(event.status)}</Badge>
                    </TD>
                    <TD label="Event id" mono className="break-all">
                      {event.event_id}
                    </TD>
                    <TD label="Processed">{event.duplicate ? "Duplicate, ignored" : "Applied"}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )
        }
      </QueryState>
    </details>
  );
}
