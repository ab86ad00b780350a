import { Badge, statusTone } from "@/components/ui/badge";
import { isCredit, Money } from "@/components/ui/money";
import { upstreamCode } from "@/lib/format/code-case";
import { codeText } from "@/lib/format/code-words";

type Props = { amount: number | null; currency: string | null; status: string | null; type: string | null };

/**
 * What finance checks first on a detail page, before any card: how much, whether it went
 * through, and which way the money moved. A credit reads "+…" in green, as in the table.
 */
export function RecordHeadline({ amount, currency, status: sent, type: sentType }: Props) {
  // In the case the card list shows them, whatever case this record's answer used.
  const status = upstreamCode(sent);
  const type = upstreamCode(sentType);
  const credit = isCredit(type);
  const direction = !type
    ? "Direction not given"
    : credit
      ? "Money in: credit (refund or deposit)"
      : type === "DEBIT"
        ? "Money out: debit"
        : codeText(type);
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-2" data-testid="record-headline">
      <Money
        amount={amount}
        currency={currency}
        credit={credit}
        className={credit ? "text-3xl font-semibold" : "text-3xl font-semibold text-slate-900"}
      />
      <Badge tone={statusTone(status)}>{status ? codeText(status) : "Status not given"}</Badge>
      <span className="text-sm text-slate-700">{direction}</span>
    </div>
  );
}
