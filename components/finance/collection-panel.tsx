"use client";

import { useQuery } from "@tanstack/react-query";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { QueryState } from "@/components/shell/query-state";
import { Badge, statusTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { isValidPathParam } from "@/lib/path-params";
import { collectionQuery } from "@/lib/client/finance";
import { codeText } from "@/lib/format/code-words";
import { CreditDialog } from "./credit-dialog";
import { RawJson } from "./raw-json";
import { FIGURE_AMOUNT, FIGURE_BOX } from "./amount-summary";

/** `canSimulate` is decided on the server (sandbox and role); the route refuses on its own as well. */
export function CollectionPanel({ id, canSimulate }: { id: string; canSimulate: boolean }) {
  const query = useQuery(collectionQuery(id));
  // Until the record is read (or when it cannot be), the page still says what it is; the credit
  // action is offered only for an account just read.
  const read = query.isSuccess ? query.data : undefined;
  return (
    <>
      <PageHeader
        title={read ? (read.account_name ?? read.id) : id}
        subtitle="Collection account"
        breadcrumbs={[{ label: "Finance", href: "/finance" }, { label: "Collections" }]}
        actions={
          canSimulate && read?.account_number ? (
            <CreditDialog collectionId={read.id} accountNumber={read.account_number} currency={read.currency} />
          ) : null
        }
      />
      <QueryState
        query={query}
        waitingFor="the collection account"
        notFound={{ title: "Collection account not found", message: `No collection account has the id ${id}. Check the id and try again.` }}
      >
        {(c) => (
          <>
            <div className="space-y-6">
              <Card title="Balances" actions={query.isFetching ? <span className="text-xs text-slate-500">Refreshing…</span> : null}>
                <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                  {(
                    [
                      ["Balance", c.balance],
                      ["Pending balance", c.pending_balance],
                      ["Total received", c.total_received],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className={FIGURE_BOX}>
                      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
                      <dd className={FIGURE_AMOUNT} data-testid={`collection-${label.toLowerCase().replace(/ /g, "-")}`}>
                        <Money amount={value} currency={c.currency} />
                      </dd>
                    </div>
                  ))}
                </dl>
                <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
                  Status <Badge tone={statusTone(c.status)}>{codeText(c.status) || "—"}</Badge>
                </p>
              </Card>
              <Card title="Account">
                <DescriptionList>
                  <DescriptionItem label="Account name" value={c.account_name} copy />
                  <DescriptionItem label="Account number" value={c.account_number} mono copy />
                  <DescriptionItem label="Routing number" value={c.routing_number} mono copy />
                  <DescriptionItem label="Account type" value={codeText(c.account_type) || null} />
                  <DescriptionItem label="Currency" value={c.currency} />
                  <DescriptionItem label="Reference" value={c.reference} mono copy />
                  <DescriptionItem label="Account holder address" value={c.address} copy wide />
                </DescriptionList>
              </Card>
              <Card title="Bank">
                <DescriptionList>
                  <DescriptionItem label="Bank name" value={c.bank_name} copy />
                  <DescriptionItem label="Bank code" value={c.bank_code} mono copy />
                  <DescriptionItem label="Bank address" value={c.bank_address} copy wide />
                </DescriptionList>
              </Card>
              <Card title="Record">
                <DescriptionList>
                  <DescriptionItem label="Collection id" value={c.id} mono copy />
                  <DescriptionItem label="Created" value={<DateTime value={c.created_at} />} />
                  <DescriptionItem label="Last updated" value={<DateTime value={c.updated_at} />} />
                </DescriptionList>
              </Card>
              <ActivityTimeline
                kind="collection"
                id={c.id}
                account={c.account_number && isValidPathParam(c.account_number) ? c.account_number : undefined}
              />
            </div>
            <RawJson value={c} />
          </>
        )}
      </QueryState>
    </>
  );
}
