import { Badge, Card, DescriptionItem, DescriptionList, statusTone } from "@/components/ui";
import type { Transaction } from "@/lib/schemas";
import { codeText } from "@/lib/format/labels";
import { AmountSummary } from "./amount-summary";
import { Labelled, TimesAndReportItems } from "./record-parts";

/** Every field of a Transaction, grouped as finance reads it; the bill viewer reuses it. */
export function TransactionDetails({ transaction: t }: { transaction: Transaction }) {
  return (
    <div className="space-y-6">
      <Card title="Amount">
        <AmountSummary amount={t.amount} charges={t.charges} currency={t.currency} fiatRate={t.fiat_rate} type={t.type} />
      </Card>
      <Card title="Status and kind">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <Labelled label="Status">
            <Badge tone={statusTone(t.status)}>{codeText(t.status) || "—"}</Badge>
          </Labelled>
          <Labelled label="Type">
            <Badge tone={t.type?.toUpperCase() === "CREDIT" ? "info" : "neutral"}>{codeText(t.type) || "—"}</Badge>
          </Labelled>
          <Labelled label="Category">
            <Badge>{codeText(t.category) || "—"}</Badge>
          </Labelled>
          <Labelled label="Payment method">
            <span className="text-slate-900">{codeText(t.payment_method) || "—"}</span>
          </Labelled>
        </div>
        {t.detail ? <p className="mt-4 text-sm text-slate-700">{t.detail}</p> : null}
      </Card>
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
