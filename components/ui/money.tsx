import { formatMoney, isShownAmount, type DecimalText } from "@/lib/format/money";
import { upstreamCode } from "@/lib/format/code-case";
import { cx } from "./cx";

type MoneyProps = {
  /** A number, or a decimal written out when it has more digits than a number keeps (card totals). */
  amount: number | DecimalText | null | undefined;
  currency: string | null | undefined;
  /** A CREDIT (money back to the card) reads "+$12.00" in green; a debit stays plain. */
  credit?: boolean;
  className?: string;
};

/** True for a row whose type says money came back (a refund), whatever the sign the API sent. */
export const isCredit = (type: string | null | undefined) => upstreamCode(type) === "CREDIT";

/**
 * An amount as finance reads it: currency-aware rounding, aligned digits, negatives in red,
 * credits signed and green so a refund never looks like spending.
 * The unrounded value stays in the title so a sub-minor-unit amount from the API is not hidden.
 */
export function Money({ amount, currency, credit = false, className }: MoneyProps) {
  const known = isShownAmount(amount);
  const text = credit && known ? `+${formatMoney(magnitude(amount), currency)}` : formatMoney(amount, currency);
  const negative = known && !credit && text.startsWith("-");
  return (
    <span
      className={cx(
        "whitespace-nowrap tabular-nums",
        negative && "text-red-700",
        credit && known && "text-green-700 dark:text-green-400",
        !known && "text-slate-500",
        className,
      )}
      title={known ? `${amount} ${currency ?? ""}${credit ? " (credit)" : ""}`.trim() : undefined}
    >
      {text}
    </span>
  );
}

const magnitude = (amount: number | DecimalText): number | DecimalText =>
  typeof amount === "string" ? (amount.replace(/^-/, "") as DecimalText) : Math.abs(amount);
