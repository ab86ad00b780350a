import { formatMoney } from "@/lib/format";
import { cx } from "./cx";

type MoneyProps = {
  amount: number | null | undefined;
  currency: string | null | undefined;
  className?: string;
};

/**
 * An amount as finance reads it: currency-aware rounding, aligned digits, negatives in red.
 * The unrounded value stays in the title so a sub-minor-unit amount from the API is not hidden.
 */
export function Money({ amount, currency, className }: MoneyProps) {
  const text = formatMoney(amount, currency);
  const known = amount !== null && amount !== undefined && Number.isFinite(amount);
  const negative = known && text.startsWith("-");
  return (
    <span
      className={cx("whitespace-nowrap tabular-nums", negative && "text-red-700", !known && "text-slate-500", className)}
      title={known ? `${amount} ${currency ?? ""}`.trim() : undefined}
    >
      {text}
    </span>
  );
}
