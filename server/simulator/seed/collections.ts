import "server-only";
import { SEED } from "./ids";
import type { CollectionRecord } from "./records";

/** Balances are major units of the account's currency (see seed/transactions.ts). */
export function seedCollections(): CollectionRecord[] {
  return [
    {
      id: SEED.collections.usd,
      reference: "HPT-VA-USD-0001",
      account_name: "Harbor & Pine Trading Ltd",
      account_number: SEED.collectionAccountNumbers.usd,
      account_type: "CHECKING",
      address: "14 Admiralty Way, Lekki Phase 1, Lagos 106104, Nigeria",
      bank_address: "1801 Main Street, Kansas City, MO 64108, United States",
      bank_code: "LEADUS44",
      bank_name: "Lead Bank",
      routing_number: "101019644",
      currency: "USD",
      balance: 48210.35,
      pending_balance: 1250.5,
      total_received: 312640.9,
      status: "ACTIVE",
      created_at: "2024-04-02T10:15:00.000Z",
      updated_at: "2026-10-28T14:25:41.000Z",
    },
    {
      id: SEED.collections.ngn,
      reference: "HPT-VA-NGN-0001",
      account_name: "Harbor & Pine Trading Ltd",
      account_number: SEED.collectionAccountNumbers.ngn,
      account_type: "CURRENT",
      address: "14 Admiralty Way, Lekki Phase 1, Lagos 106104, Nigeria",
      bank_address: "54 Herbert Macaulay Way, Yaba, Lagos 101212, Nigeria",
      bank_code: "035",
      bank_name: "Wema Bank",
      routing_number: "035150103",
      currency: "NGN",
      balance: 18450250.75,
      pending_balance: 0,
      total_received: 96432100,
      status: "ACTIVE",
      created_at: "2024-03-20T08:00:00.000Z",
      updated_at: "2026-10-30T13:15:24.000Z",
    },
  ];
}
