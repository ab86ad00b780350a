import "server-only";
import { seedBills } from "./seed/bills";
import { seedBusiness, seedOtherBusiness } from "./seed/business";
import { seedCollections } from "./seed/collections";
import { seedCustomers } from "./seed/customers";
import type { BillRecord, CardRecord, CollectionRecord, CustomerRecord, Filled, TransactionRecord } from "./seed/records";
import { seedTransactions } from "./seed/transactions";
import type { Business } from "@/lib/schemas";

/** Everything a simulator mutates; a reset builds a new one from the seed. */
export type SimulatorState = {
  businesses: Map<string, Filled<Business>>;
  transactions: Map<string, TransactionRecord>;
  bills: Map<string, BillRecord>;
  collections: Map<string, CollectionRecord>;
  customers: Map<string, CustomerRecord>;
  /** Cards created through POST /cards (they exist, with no transactions yet). */
  cards: Map<string, CardRecord>;
  /** Last GET card-verification per customer (ms), for the shared once-per-interval limit. */
  lastVerificationCheck: Map<string, number>;
  counters: { credit: number; card: number; event: number };
};

const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

export function createState(businessId: string): SimulatorState {
  const other = seedOtherBusiness();
  return {
    businesses: new Map([
      [businessId, seedBusiness(businessId)],
      [other.id, other],
    ]),
    transactions: byId(seedTransactions()),
    bills: byId(seedBills()),
    collections: byId(seedCollections()),
    customers: byId(seedCustomers(businessId)),
    cards: new Map(),
    lastVerificationCheck: new Map(),
    counters: { credit: 0, card: 0, event: 0 },
  };
}
