import type { CollectionRecord } from "@/server/simulator/seed/records";

/**
 * The sandbox's seeded accounts (USD and NGN) and three more, for money in other minor units: JPY
 * (none), KWD (three) and XYZ (a code Intl does not know). For a test's mock of the simulator's
 * seed/collections.
 */
export function withOtherCurrencies(seeded: CollectionRecord[]): CollectionRecord[] {
  const usd = seeded[0]!;
  const like = (id: string, account_number: string, currency: string, balance: number): CollectionRecord => ({
    ...usd,
    id,
    reference: `HPT-VA-${currency}-0001`,
    account_number,
    currency,
    balance,
    total_received: balance,
  });
  return [
    ...seeded,
    like("col_jpy_0001", "7012345678", "JPY", 1_250_000),
    like("col_kwd_0001", "6012345678", "KWD", 1520.375),
    like("col_xyz_0001", "5012345678", "XYZ", 100),
  ];
}
