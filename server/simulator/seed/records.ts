import "server-only";
import type {
  BillCategoryEntry,
  BillCategoryItem,
  BvnRecord,
  CardTransaction,
  Collection,
  CreatedCard,
  Transaction,
  VerificationStatus,
} from "@/lib/schemas";

/** The simulator fills every field, so its records are the schemas' outputs without the nulls. */
export type Filled<T> = { [K in keyof T]: NonNullable<T[K]> };

export type TransactionRecord = Filled<Transaction>;
export type BillRecord = TransactionRecord & {
  bill: { bill_code: string; bill_name: string; item_code: string; name: string; token: string };
};
export type CollectionRecord = Filled<Collection>;
export type CardTransactionRecord = Filled<CardTransaction>;
export type BvnIdentityRecord = Filled<BvnRecord>;
export type BillCategoryEntryRecord = Filled<BillCategoryEntry>;
export type BillCategoryItemRecord = Filled<BillCategoryItem>;
export type CardRecord = Filled<CreatedCard>;

/** How a customer's verification service behaves: answering, or failing with a retry/support 503. */
export type Unavailability = null | "retry" | "support";

/**
 * The simulator's own customer record (the spec does not show the real one). `decisionOutcome`
 * is what a started verification will become; `null` means manual review that never completes.
 */
export type CustomerRecord = {
  id: string;
  business_id: string;
  type: "INDIVIDUAL" | "CORPORATE";
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  /** ISO 3166-1 alpha-2; "NG" customers are verified synchronously by POST /cards. */
  nationality: string;
  kyc: {
    identity_document: { type: string; number: string; country: string } | null;
    residential_address: string | null;
  };
  verification: {
    status: VerificationStatus;
    can_create_card: boolean;
    /** When a PENDING verification is decided (ms); null while not pending or under manual review. */
    decideAt: number | null;
  };
  decisionOutcome: "APPROVED" | "REJECTED" | null;
  unavailable: Unavailability;
  updated_at: string;
};
