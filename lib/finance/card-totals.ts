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
  const s = (status ?? "").trim().toUpperCase();
  if (s === "SUCCESS") {
    const t = (type ?? "").trim().toUpperCase();
    return t === "DEBIT" ? "spent" : t === "CREDIT" ? "refunded" : "other";
  }
  if (s === "FAILED") return "failed";
  if (s === "REVERSED") return "reversed";
  if (s === "PENDING") return "pending";
  return "other";
}

/**
 * One currency's split, in integer minor units (`digits` places); `net` is spent − refunded. Its
 * schema (card-window.ts) is the server's; this file stays free of the schema library for the page.
 */
export type CurrencyTotals = {
  /** Upper-cased, trimmed; "" when rows have none. */
  currency: string;
  digits: number;
  minor: Record<CardBucket | "net", number>;
  count: Record<CardBucket, number>;
};

/** A minor-unit sum as the decimal the currency writes (12345, 2 → 123.45), exact for integers below 2^53. */
export const fromMinor = (value: number, digits: number): number => value / 10 ** digits || 0;

/** Sums rows into per-currency buckets in integer minor units, currencies in order of first appearance. */
export class CardTotalsAccumulator {
  private readonly byCurrency = new Map<string, CurrencyTotals>();

  add(currency: string | null, digits: number, amountMinor: number, bucket: CardBucket): void {
    if (Number.isNaN(amountMinor)) return;
    // Refunds and spending are magnitudes: a credit the API sends as negative is still a refund.
    this.addSum(currency, digits, Math.abs(amountMinor), 1, bucket);
  }

  /** `count` rows at once whose magnitudes sum to `magnitudeMinor` (a column store sums per code first). */
  addSum(currency: string | null, digits: number, magnitudeMinor: number, count: number, bucket: CardBucket): void {
    const name = (currency ?? "").trim().toUpperCase();
    let entry = this.byCurrency.get(name);
    if (!entry) {
      entry = {
        currency: name,
        digits,
        minor: { spent: 0, refunded: 0, net: 0, failed: 0, reversed: 0, pending: 0, other: 0 },
        count: { spent: 0, refunded: 0, failed: 0, reversed: 0, pending: 0, other: 0 },
      };
      this.byCurrency.set(name, entry);
    }
    entry.minor[bucket] += magnitudeMinor;
    entry.count[bucket] += count;
  }

  result(): CurrencyTotals[] {
    return [...this.byCurrency.values()].map((t) => ({ ...t, minor: { ...t.minor, net: t.minor.spent - t.minor.refunded } }));
  }
}
