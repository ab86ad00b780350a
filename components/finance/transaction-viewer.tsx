"use client";

import { useQuery } from "@tanstack/react-query";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { QueryState } from "@/components/shell/query-state";
import { PageHeader } from "@/components/ui/page-header";
import { transactionQuery } from "@/lib/client/finance";
import { RawJson } from "./raw-json";
import { RecordHeadline } from "./record-headline";
import { ReportBanner } from "./report-banner";
import { TransactionDetails } from "./transaction-details";

export function TransactionViewer({ id }: { id: string }) {
  const query = useQuery(transactionQuery(id));
  // Until the record is read (or when it cannot be), the page still says what it is.
  const read = query.isSuccess ? query.data : undefined;
  return (
    <>
      <PageHeader
        title={read ? (read.reference ?? read.id) : id}
        subtitle="Transaction"
        breadcrumbs={[{ label: "Finance", href: "/finance" }, { label: "Transactions" }]}
      />
      <QueryState
        query={query}
        waitingFor="the transaction"
        notFound={{ title: "Transaction not found", message: `No transaction has the id ${id}. Check the id and try again.` }}
      >
        {(t) => (
          <>
            <RecordHeadline amount={t.amount} currency={t.currency} status={t.status} type={t.type} />
            <ReportBanner report={t.report} message={t.report_message} />
            <TransactionDetails transaction={t} />
            <ActivityTimeline kind="transaction" id={t.id} className="mt-6" />
            <RawJson value={t} />
          </>
        )}
      </QueryState>
    </>
  );
}
