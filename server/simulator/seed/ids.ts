import "server-only";

/** The sandbox business's credentials; `POST /auth` accepts exactly these unless overridden. */
export const SIMULATOR_CREDENTIALS = {
  businessId: "biz_sandbox_001",
  secretKey: "sk_sandbox_3f9a7c21d84e4b6a9c0e5d12",
} as const satisfies { businessId: string; secretKey: string };

/** Seed timestamps count back from this fixed instant, so every run serves identical data. */
export const SEED_REFERENCE_DATE = "2026-11-01T00:00:00.000Z";

/** Every seeded id, so tests and the README name them instead of repeating literals. */
export const SEED = {
  businesses: { sandbox: "biz_sandbox_001", other: "biz_other_002" },
  transactions: {
    usdWireIn: "txn_usd_0001",
    usdPayout: "txn_usd_0002",
    usdReported: "txn_usd_0003",
    ngnTransferIn: "txn_ngn_0001",
    ngnPayout: "txn_ngn_0002",
    conversion: "txn_fx_0001",
  },
  bills: { electricity: "bill_elec_0001", airtime: "bill_airtime_0001", cableTv: "bill_cable_0001" },
  billCategories: { electricity: "cat_electricity", airtime: "cat_airtime", cableTv: "cat_cable_tv" },
  billers: {
    ikejaElectric: "biller_ikeja_electric",
    ekoElectric: "biller_eko_electric",
    abujaElectric: "biller_abuja_electric",
    mtn: "biller_mtn",
    airtel: "biller_airtel",
    glo: "biller_glo",
    dstv: "biller_dstv",
    gotv: "biller_gotv",
    startimes: "biller_startimes",
  },
  cards: {
    busy: "card_busy_0001",
    empty: "card_empty_0001",
    /** Longer than real data usually is: long merchant names, cities and descriptions, for layout tests. */
    long: "card_long_0001",
    /** `card_synth_<N>` has N transactions, 0 ≤ N ≤ 200000, generated on first request and cached. */
    synthPrefix: "card_synth_",
    synthMax: 200_000,
  },
  /** card_busy_0001 holds this many transactions, newest first, ids ctx_busy_0001_000000 … */
  busyCardTransactionCount: 5_200,
  /** card_long_0001 holds this many transactions, every one from a merchant with a long name. */
  longCardTransactionCount: 40,
  collections: { usd: "col_usd_0001", ngn: "col_ngn_0001" },
  collectionAccountNumbers: { usd: "8012345678", ngn: "0123456789" },
  customers: {
    notSubmitted: "cus_not_submitted",
    pending: "cus_pending",
    approved: "cus_approved",
    rejected: "cus_rejected",
    reconciliation: "cus_reconciliation",
    kycIncomplete: "cus_kyc_incomplete",
    noDocument: "cus_no_document",
    nigerian: "cus_nigerian",
    unavailable: "cus_unavailable",
    support: "cus_support",
    willReject: "cus_will_reject",
    otherBusiness: "cus_other_business",
    corporate: "cus_corporate",
    willApprove: "cus_will_approve",
  },
  bvn: { found: "22222222222", foundAlt: "22233344455", notFound: "00000000000" },
} as const;
