import { upstreamCode } from "@/lib/format/code-case";
import { decimalOfMinor, type DecimalText } from "@/lib/format/money";

/**
 * How a card row counts for finance. Only a settled row moves money: a SUCCESS DEBIT is spending,
 * a SUCCESS CREDIT is a refund. FAILED, REVERSED and PENDING rows are shown apart and never in
 * spent or net; anything else (no status, an unknown status or type) is "other", so every row is
 * in exactly one bucket and the buckets add up to the whole view.
 */
export const CARD_BUCKETS = ["spent", "refunded", "failed", "reversed", "pending", "other"] as const;
export type CardBucket = (typeof CARD_BUCKETS)[number];

export const BUCKET_LABELS: Record<CardBucket, string> = {
  spent: "Spent (successful debits)",
  refunded: "Refunded (successful credits)",
  failed: "Failed",
  reversed: "Reversed",
  pending: "Pending",
  other: "Other (unknown status or type)",
};

export function bucketOf(status: string | null, type: string | null): CardBucket {
  const s = upstreamCode(status);
  if (s === "SUCCESS") {
    const t = upstreamCode(type);
    return t === "DEBIT" ? "spent" : t === "CREDIT" ? "refunded" : "other";
  }
  if (s === "FAILED") return "failed";
  if (s === "REVERSED") return "reversed";
  if (s === "PENDING") return "pending";
  return "other";
}

/**
 * A sum of integer minor units, exact however many rows it adds up: `billions` × 10⁹ + `rest`, both
 * of the sum's sign, |rest| < 10⁹. Each amount is bounded below 2^53 minor units but their sum is
 * not, and one number past 2^53 comes back rounded. Nor is it digits in a string: an answer is
 * masked by value on its way out (server/privacy), where an 11-digit total reads as a BVN and a
 * 16-digit one may as a card number; numbers below 10¹⁰ are neither.
 */
export type MinorSum = { billions: number; rest: number };

const BILLION = 1_000_000_000n;
export const minorSumOf = (sum: bigint): MinorSum => ({ billions: Number(sum / BILLION), rest: Number(sum % BILLION) });
export const valueOfMinorSum = (sum: MinorSum): bigint => BigInt(sum.billions) * BILLION + BigInt(sum.rest);

/**
 * One currency's split; `net` is spent − refunded. Its schema (card-window.ts) is the server's;
 * this file stays free of the schema library for the page.
 */
export type CurrencyTotals = {
  /** Upper-cased, trimmed; "" when rows have none. */
  currency: string;
  digits: number;
  minor: Record<CardBucket | "net", MinorSum>;
  count: Record<CardBucket, number>;
};

/** A minor-unit sum as the decimal the currency writes (12345, 2 → "123.45"), every digit kept. */
export const fromMinor = (value: MinorSum, digits: number): DecimalText => decimalOfMinor(valueOfMinorSum(value), digits);

type Sums = Omit<CurrencyTotals, "minor"> & { minor: Record<CardBucket, bigint> };

/** Sums rows into per-currency buckets in integer minor units, exactly, currencies in order of first appearance. */
export class CardTotalsAccumulator {
  private readonly byCurrency = new Map<string, Sums>();

  add(currency: string | null, digits: number, amountMinor: number, bucket: CardBucket): void {
    if (Number.isNaN(amountMinor)) return;
    // Refunds and spending are magnitudes: a credit the API sends as negative is still a refund.
    this.addSum(currency, digits, BigInt(Math.abs(amountMinor)), 1, bucket);
  }

  /** `count` rows at once whose magnitudes sum to `magnitudeMinor` (a column store sums per code first). */
  addSum(currency: string | null, digits: number, magnitudeMinor: bigint, count: number, bucket: CardBucket): void {
    const name = (currency ?? "").trim().toUpperCase();
    let entry = this.byCurrency.get(name);
    if (!entry) {
      entry = {
        currency: name,
        digits,
        minor: { spent: 0n, refunded: 0n, failed: 0n, reversed: 0n, pending: 0n, other: 0n },
        count: { spent: 0, refunded: 0, failed: 0, reversed: 0, pending: 0, other: 0 },
      };
      this.byCurrency.set(name, entry);
    }
    entry.minor[bucket] += magnitudeMinor;
    entry.count[bucket] += count;
  }

  result(): CurrencyTotals[] {
    return [...this.byCurrency.values()].map(({ minor, ...t }) => ({
      ...t,
      minor: {
        spent: minorSumOf(minor.spent),
        refunded: minorSumOf(minor.refunded),
        net: minorSumOf(minor.spent - minor.refunded),
        failed: minorSumOf(minor.failed),
        reversed: minorSumOf(minor.reversed),
        pending: minorSumOf(minor.pending),
        other: minorSumOf(minor.other),
      },
    }));
  }
}
