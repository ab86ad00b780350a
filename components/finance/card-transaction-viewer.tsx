"use client";

import { objectHref } from "@/lib/finance/object-href";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/shell/query-state";
import { Card } from "@/components/ui/card";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { PageHeader } from "@/components/ui/page-header";
import { codeText } from "@/lib/format/code-words";
import { cardTransactionQuery } from "@/lib/client/card-transaction";
import { AmountSummary } from "./amount-summary";
import { RawJson } from "./raw-json";
import { StatusAndKindCard, TimesAndReportItems } from "./record-parts";
import { RecordHeadline } from "./record-headline";
import { ReportBanner } from "./report-banner";

export function CardTransactionViewer({ cardId, transactionId }: { cardId: string; transactionId: string }) {
  const query = useQuery(cardTransactionQuery(cardId, transactionId));
  // The page checked both ids before drawing this.
  const cardHref = objectHref("card", cardId)!;
  // Until the record is read (or when it cannot be), the page still says what it is.
  const read = query.isSuccess ? query.data : undefined;
  return (
    <>
      <PageHeader
        title={read ? (read.description ?? read.reference ?? read.id) : transactionId}
        subtitle="Card transaction"
        breadcrumbs={[
          { label: "Finance", href: "/finance" },
          { label: cardId, href: cardHref },
        ]}
      />
      <QueryState
        query={query}
        waitingFor="the card's transactions"
        notFound={{
          title: "Card transaction not found",
          message: `Card ${cardId} has no transaction ${transactionId}. Check both ids and try again.`,
        }}
      >
        {(t) => (
          <>
            <RecordHeadline amount={t.amount} currency={t.currency} status={t.status} type={t.type} />
            <ReportBanner report={t.report} message={t.report_message} />
            <div className="space-y-6">
              <Card title="Amount">
                <AmountSummary amount={t.amount} charges={t.charges} currency={t.currency} type={t.type} />
              </Card>
              <StatusAndKindCard record={t} description={t.description} />
              <Card title="Merchant">
                <DescriptionList>
                  <DescriptionItem label="Name" value={t.merchant_name} copy />
                  <DescriptionItem label="Category code (MCC)" value={t.merchant_mcc} mono copy />
                  <DescriptionItem label="Merchant id (MID)" value={t.merchant_mid} mono copy />
                  <DescriptionItem label="City" value={t.merchant_city} />
                  <DescriptionItem label="State" value={t.merchant_state} />
                  <DescriptionItem label="Country" value={codeText(t.merchant_country, "country") || null} />
                  <DescriptionItem label="Postal code" value={t.merchant_postal_code} mono />
                </DescriptionList>
              </Card>
              <Card title="References and times">
                <DescriptionList>
                  <DescriptionItem label="Reference" value={t.reference} mono copy />
                  <DescriptionItem label="Transaction id" value={t.id} mono copy />
                  <TimesAndReportItems record={t} />
                </DescriptionList>
              </Card>
            </div>
            <RawJson value={t} />
          </>
        )}
      </QueryState>
    </>
  );
}
