import { Card } from "@/components/ui/card";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import type { Transaction } from "@/lib/schemas";
import { AmountSummary } from "./amount-summary";
import { KindText, StatusAndKindCard, TimesAndReportItems } from "./record-parts";

/** Every field of a Transaction, grouped as finance reads it; the bill viewer reuses it. */
export function TransactionDetails({ transaction: t }: { transaction: Transaction }) {
  return (
    <div className="space-y-6">
      <Card title="Amount">
        <AmountSummary amount={t.amount} charges={t.charges} currency={t.currency} fiatRate={t.fiat_rate} type={t.type} />
      </Card>
      <StatusAndKindCard record={t} description={t.detail}>
        <KindText label="Payment method" value={t.payment_method} />
      </StatusAndKindCard>
      <Card title="Counterparty">
        <DescriptionList>
          <DescriptionItem label="Account name" value={t.account_name} />
          <DescriptionItem label="Account number" value={t.account_number} mono copy />
          <DescriptionItem label="Bank name" value={t.bank_name} />
          <DescriptionItem label="Bank code" value={t.bank_code} mono copy />
        </DescriptionList>
      </Card>
      <Card title="References">
        <DescriptionList>
          <DescriptionItem label="Reference" value={t.reference} mono copy />
          <DescriptionItem label="Session id" value={t.session_id} mono copy />
          <DescriptionItem label="Trace number" value={t.trace_number} mono copy />
          <DescriptionItem label="IMAD" value={t.imad} mono copy />
          <DescriptionItem label="Transaction id" value={t.id} mono copy />
        </DescriptionList>
      </Card>
      <Card title="Times">
        <DescriptionList>
          <TimesAndReportItems record={t} />
        </DescriptionList>
      </Card>
    </div>
  );
}
