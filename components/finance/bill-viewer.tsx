"use client";

import { useQuery } from "@tanstack/react-query";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { useDocumentTitle } from "@/components/shell/document-title";
import { QueryState } from "@/components/shell/query-state";
import { Card } from "@/components/ui/card";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { PageHeader } from "@/components/ui/page-header";
import { billQuery } from "@/lib/client/finance";
import { BillToken } from "./bill-token";
import { RawJson } from "./raw-json";
import { RecordHeadline } from "./record-headline";
import { ReportBanner } from "./report-banner";
import { TransactionDetails } from "./transaction-details";

export function BillViewer({ id }: { id: string }) {
  const query = useQuery(billQuery(id));
  // Until the record is read (or when it cannot be), the page still says what it is.
  const read = query.isSuccess ? query.data : undefined;
  // The tab says whose bill it is ("Ikeja Electric · Bill payment"), not its id.
  const name = read ? (read.bill?.bill_name ?? read.reference ?? null) : null;
  useDocumentTitle(name ? `${name} · Bill payment` : null);
  return (
    <>
      <PageHeader
        title={read ? (read.bill?.bill_name ?? read.reference ?? read.id) : id}
        subtitle="Bill payment"
        breadcrumbs={[{ label: "Finance", href: "/finance" }, { label: "Bills" }]}
      />
      <QueryState
        query={query}
        waitingFor="the bill"
        notFound={{ title: "Bill not found", message: `No bill has the id ${id}. Check the id and try again.` }}
      >
        {(bill) => (
          <>
            <RecordHeadline amount={bill.amount} currency={bill.currency} status={bill.status} type={bill.type} />
            <ReportBanner report={bill.report} message={bill.report_message} />
            <div className="space-y-6">
              <Card title="Bill">
                {bill.bill ? (
                  <DescriptionList>
                    <DescriptionItem label="Biller" value={bill.bill.bill_name} />
                    <DescriptionItem label="Biller code" value={bill.bill.bill_code} mono copy />
                    <DescriptionItem label="Item" value={bill.bill.name} />
                    <DescriptionItem label="Item code" value={bill.bill.item_code} mono copy />
                    <DescriptionItem label="Token or PIN" value={<BillToken billId={bill.id} hasToken={bill.bill.has_token} />} wide />
                  </DescriptionList>
                ) : (
                  <p className="text-sm text-slate-500">The API sent no bill details for this payment.</p>
                )}
              </Card>
              <TransactionDetails transaction={bill} />
              <ActivityTimeline kind="bill" id={bill.id} />
            </div>
            <RawJson value={bill} />
          </>
        )}
      </QueryState>
    </>
  );
}
