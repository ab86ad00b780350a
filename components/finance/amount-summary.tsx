import { isCredit, Money } from "@/components/ui/money";
import { EMPTY } from "@/lib/format/empty";
import { formatRate, netAmount } from "@/lib/format/money-figures";

type Props = { amount: number | null; charges: number | null; currency: string | null; fiatRate?: number | null; type?: string | null };

/** Amount, charges and net side by side, the way finance reconciles them. */
export function AmountSummary({ amount, charges, currency, fiatRate, type }: Props) {
  const net = netAmount(amount, charges, currency);
  return (
    <div>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure
          label={isCredit(type) ? "Amount (credit)" : "Amount"}
          value={<Money amount={amount} currency={currency} credit={isCredit(type)} />}
        />
        <Figure label="Charges" value={<Money amount={charges} currency={currency} />} />
        <Figure label="Net (amount − charges)" value={<Money amount={net} currency={currency} />} />
      </dl>
      {fiatRate !== undefined ? (
        <p className="mt-4 text-sm text-slate-600">
          <span className="font-medium text-slate-800">Fiat rate: </span>
          {fiatRate === null ? EMPTY : <FiatRate rate={fiatRate} amount={amount} currency={currency} />}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Three to a row from 640 px: a 12-digit amount is wider than a third of a tablet's row. The box may
 * be narrower than its amount (min-w-0), the amount is drawn a size smaller in a narrow box, and
 * wraps inside it rather than run into the next box when even that is too wide.
 */
export const FIGURE_BOX = "@container min-w-0 rounded-md bg-slate-50 px-4 py-3";
export const FIGURE_AMOUNT =
  "mt-1 text-lg font-semibold text-slate-900 @max-[14rem]:text-base [overflow-wrap:anywhere] [&_span]:whitespace-normal";

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className={FIGURE_BOX}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={FIGURE_AMOUNT}>{value}</dd>
    </div>
  );
}

/**
 * Assumption (units not in the spec): `fiat_rate` is how many units of the counter currency one
 * unit of `currency` bought; 1 means nothing was converted. The counter currency is not named by
 * the API, so it is not guessed here.
 */
function FiatRate({ rate, amount, currency }: { rate: number; amount: number | null; currency: string | null }) {
  const code = currency ?? "unit";
  if (rate === 1) return <span className="tabular-nums">1 (no conversion)</span>;
  const converted = amount === null ? null : amount * rate;
  return (
    <>
      <span className="tabular-nums">
        1 {code} = {formatRate(rate)}
      </span>{" "}
      <span className="text-slate-500">
        in the counter currency (not named by the API)
        {converted !== null ? <>; the amount converts to {formatRate(converted)}</> : null}
      </span>
    </>
  );
}
