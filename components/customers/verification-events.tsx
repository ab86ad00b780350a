"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { QueryState } from "@/components/shell/query-state";
import { Badge, Card, DateTime, EmptyState, Table, TBody, TD, TH, THead, TR, statusTone } from "@/components/ui";
import { verificationEventsQuery } from "@/lib/client/customers";
import { codeWords } from "@/lib/format/labels";

/** Every signed webhook delivery received, duplicates included (they change nothing). */
export function VerificationEvents() {
  const query = useQuery(verificationEventsQuery());
  return (
    <Card title="Verification decisions received" description="Webhook deliveries from the payments API, newest first." flush>
      <QueryState query={query} notFound={{ title: "No events", message: "No verification events were found." }}>
        {({ events }) =>
          events.length === 0 ? (
            <EmptyState title="No verification decisions received yet" message="Decisions arrive here when the payments API delivers them." />
          ) : (
            <Table caption="Verification webhook deliveries">
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
                  <TR key={event.id}>
                    <TD>
                      <DateTime value={event.received_at} />
                    </TD>
                    <TD mono>
                      <Link className="text-brand-700 underline" href={`/customers/${encodeURIComponent(event.customer_id)}`}>
                        {event.customer_id}
                      </Link>
                    </TD>
                    <TD>
                      <Badge tone={statusTone(event.status)}>{codeWords(event.status)}</Badge>
                    </TD>
                    <TD mono>{event.event_id}</TD>
                    <TD>{event.duplicate ? "Duplicate, ignored" : "Applied"}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )
        }
      </QueryState>
    </Card>
  );
}
