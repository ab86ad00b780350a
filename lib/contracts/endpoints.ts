/**
 * The browser's side of the contracts: each endpoint the browser calls, as plain data (method, path,
 * and what call() must know: the Idempotency-Key, the codes whose refusal carries a body). The
 * contracts themselves hold zod schemas, which the browser has no use for: route() parses every
 * request and answer on the server, so the browser's calls (lib/client/) read the answer as the
 * contract's type without parsing it again and keep zod out of every page's first load.
 *
 * Each entry is typed by its contract (`import type` only): a method or path that differs from the
 * contract's does not compile, and endpoints.test.ts checks the rest against the contracts themselves.
 */
import type { Contract } from "./contract";
import type * as account from "./account";
import type * as approvals from "./approvals";
import type * as audit from "./audit";
import type * as business from "./business";
import type * as cardTransactions from "./card-transactions";
import type * as cards from "./cards";
import type * as compliance from "./compliance";
import type * as customers from "./customers";
import type * as finance from "./finance";
import type * as security from "./security";
import type * as staff from "./staff";
import type * as views from "./views";
import type * as webhooks from "./webhooks";

/** One contract as the browser sees it; `contract` is never set, it only carries the contract's type. */
export type Endpoint<C extends Contract = Contract> = {
  readonly method: C["method"];
  readonly path: C["path"];
  readonly contract?: C;
} & (C extends { idempotent: true } ? { readonly idempotent: true } : { readonly idempotent?: undefined }) &
  (C["errorBodies"] extends Record<string, unknown>
    ? { readonly errorBodies: readonly (keyof C["errorBodies"] & string)[] }
    : { readonly errorBodies?: undefined });

function endpoint<C extends Contract>(e: Omit<Endpoint<C>, "contract">): Endpoint<C> {
  return e as Endpoint<C>;
}

// account.ts
export const changeOwnPassword = endpoint<typeof account.changeOwnPassword>({ method: "POST", path: "/api/account/password" });
export const confirmEnrolment = endpoint<typeof account.confirmEnrolment>({ method: "POST", path: "/api/second-factor/enrolment/confirm" });
export const disableSecondFactor = endpoint<typeof account.disableSecondFactor>({
  method: "POST",
  path: "/api/account/second-factor/disable",
});
export const endOtherOwnSessions = endpoint<typeof account.endOtherOwnSessions>({
  method: "POST",
  path: "/api/account/sessions/end-others",
});
export const endOwnSession = endpoint<typeof account.endOwnSession>({ method: "POST", path: "/api/account/sessions/[id]/end" });
export const getOwnPreferences = endpoint<typeof account.getOwnPreferences>({ method: "GET", path: "/api/account/preferences" });
export const getSecondFactorStatus = endpoint<typeof account.getSecondFactorStatus>({ method: "GET", path: "/api/account/second-factor" });
export const listOwnSessions = endpoint<typeof account.listOwnSessions>({ method: "GET", path: "/api/account/sessions" });
export const regenerateRecoveryCodes = endpoint<typeof account.regenerateRecoveryCodes>({
  method: "POST",
  path: "/api/account/second-factor/recovery-codes",
});
export const startEnrolment = endpoint<typeof account.startEnrolment>({ method: "POST", path: "/api/second-factor/enrolment" });
export const stepUp = endpoint<typeof account.stepUp>({ method: "POST", path: "/api/account/second-factor/step-up" });
export const updateOwnPreferences = endpoint<typeof account.updateOwnPreferences>({ method: "PATCH", path: "/api/account/preferences" });
export const verifySecondFactor = endpoint<typeof account.verifySecondFactor>({ method: "POST", path: "/api/second-factor/verify" });

// approvals.ts
export const approveApproval = endpoint<typeof approvals.approveApproval>({ method: "POST", path: "/api/approvals/[id]/approve" });
export const cancelApproval = endpoint<typeof approvals.cancelApproval>({ method: "POST", path: "/api/approvals/[id]/cancel" });
export const declineApproval = endpoint<typeof approvals.declineApproval>({ method: "POST", path: "/api/approvals/[id]/decline" });
export const getApprovalSettings = endpoint<typeof approvals.getApprovalSettings>({ method: "GET", path: "/api/approvals/settings" });
export const listApprovals = endpoint<typeof approvals.listApprovals>({ method: "GET", path: "/api/approvals" });
export const setApprovalSettings = endpoint<typeof approvals.setApprovalSettings>({ method: "POST", path: "/api/approvals/settings" });

// audit.ts
export const getAuditChain = endpoint<typeof audit.getAuditChain>({ method: "GET", path: "/api/audit/chain" });
export const getAuditCheckpoint = endpoint<typeof audit.getAuditCheckpoint>({ method: "GET", path: "/api/audit/checkpoint" });
export const getAuditExport = endpoint<typeof audit.getAuditExport>({ method: "GET", path: "/api/audit/export" });

// business.ts
export const getBusiness = endpoint<typeof business.getBusiness>({ method: "GET", path: "/api/v1/business" });

// card-transactions.ts
export const getCardExport = endpoint<typeof cardTransactions.getCardExport>({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/export",
});
export const getCardListProgress = endpoint<typeof cardTransactions.getCardListProgress>({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/progress",
});
export const getCardTransaction = endpoint<typeof cardTransactions.getCardTransaction>({
  method: "GET",
  path: "/api/v1/cards/[id]/transactions/[transactionId]",
});
export const getCardWindow = endpoint<typeof cardTransactions.getCardWindow>({ method: "GET", path: "/api/v1/cards/[id]/transactions" });

// cards.ts
export const getCustomerCards = endpoint<typeof cards.getCustomerCards>({ method: "GET", path: "/api/v1/customers/[id]/cards" });
export const postCard = endpoint<typeof cards.postCard>({
  method: "POST",
  path: "/api/v1/cards",
  idempotent: true,
  errorBodies: ["card_recently_issued"],
});

// compliance.ts
export const postBvnLookup = endpoint<typeof compliance.postBvnLookup>({ method: "POST", path: "/api/v1/identity/bvn" });
export const postBvnRecent = endpoint<typeof compliance.postBvnRecent>({ method: "POST", path: "/api/v1/identity/bvn/recent" });
export const postBvnReveal = endpoint<typeof compliance.postBvnReveal>({
  method: "POST",
  path: "/api/v1/identity/bvn/lookups/[id]/reveal",
});

// customers.ts
export const getActivity = endpoint<typeof customers.getActivity>({ method: "GET", path: "/api/v1/activity" });
export const getCardVerification = endpoint<typeof customers.getCardVerification>({
  method: "GET",
  path: "/api/v1/customers/[id]/card-verification",
});
export const getCustomerContact = endpoint<typeof customers.getCustomerContact>({ method: "GET", path: "/api/v1/customers/[id]/contact" });
export const getSearch = endpoint<typeof customers.getSearch>({ method: "GET", path: "/api/v1/search" });
export const getVerificationEvents = endpoint<typeof customers.getVerificationEvents>({
  method: "GET",
  path: "/api/v1/verification-events",
});
export const postCardVerification = endpoint<typeof customers.postCardVerification>({
  method: "POST",
  path: "/api/v1/customers/[id]/card-verification",
});
export const postCustomerUpdate = endpoint<typeof customers.postCustomerUpdate>({ method: "POST", path: "/api/v1/customers/[id]/update" });

// finance.ts
export const getBill = endpoint<typeof finance.getBill>({ method: "GET", path: "/api/v1/bills/[id]" });
export const getBillCategory = endpoint<typeof finance.getBillCategory>({ method: "GET", path: "/api/v1/bills/categories/[id]" });
export const getBillItems = endpoint<typeof finance.getBillItems>({ method: "GET", path: "/api/v1/bills/categories/[id]/items/[itemId]" });
export const getCollection = endpoint<typeof finance.getCollection>({ method: "GET", path: "/api/v1/collections/[id]" });
export const getTransaction = endpoint<typeof finance.getTransaction>({ method: "GET", path: "/api/v1/transactions/[id]" });
export const postBillToken = endpoint<typeof finance.postBillToken>({ method: "POST", path: "/api/v1/bills/[id]/token" });
export const postCredit = endpoint<typeof finance.postCredit>({ method: "POST", path: "/api/v1/checkouts/[accountNo]/credit" });

// staff.ts
export const createStaff = endpoint<typeof staff.createStaff>({ method: "POST", path: "/api/staff" });
export const endStaffSessions = endpoint<typeof staff.endStaffSessions>({ method: "POST", path: "/api/staff/[id]/sessions/end" });
export const getSecondFactorOverview = endpoint<typeof staff.getSecondFactorOverview>({ method: "GET", path: "/api/staff/second-factor" });
export const listStaff = endpoint<typeof staff.listStaff>({ method: "GET", path: "/api/staff" });
export const resetStaffPassword = endpoint<typeof staff.resetStaffPassword>({ method: "POST", path: "/api/staff/[id]/password/reset" });
export const resetStaffSecondFactor = endpoint<typeof staff.resetStaffSecondFactor>({
  method: "POST",
  path: "/api/staff/[id]/second-factor/reset",
});
export const setSecondFactorPolicy = endpoint<typeof staff.setSecondFactorPolicy>({ method: "POST", path: "/api/staff/second-factor" });
export const updateStaff = endpoint<typeof staff.updateStaff>({ method: "PATCH", path: "/api/staff/[id]" });

// views.ts
export const createView = endpoint<typeof views.createView>({ method: "POST", path: "/api/views" });
export const deleteView = endpoint<typeof views.deleteView>({ method: "POST", path: "/api/views/[id]/delete" });
export const listViews = endpoint<typeof views.listViews>({ method: "GET", path: "/api/views" });
export const setDefaultView = endpoint<typeof views.setDefaultView>({ method: "POST", path: "/api/views/default" });
export const updateView = endpoint<typeof views.updateView>({ method: "PATCH", path: "/api/views/[id]" });

// security.ts
export const acknowledgeSecurityAlert = endpoint<typeof security.acknowledgeSecurityAlert>({
  method: "POST",
  path: "/api/security-alerts/[id]/acknowledge",
});
export const getAlertSettings = endpoint<typeof security.getAlertSettings>({ method: "GET", path: "/api/security-alerts/settings" });
export const getAllowlist = endpoint<typeof security.getAllowlist>({ method: "GET", path: "/api/settings/allowlist" });
export const listSecurityAlerts = endpoint<typeof security.listSecurityAlerts>({ method: "GET", path: "/api/security-alerts" });
export const setAlertSettings = endpoint<typeof security.setAlertSettings>({ method: "POST", path: "/api/security-alerts/settings" });
export const setAllowlist = endpoint<typeof security.setAllowlist>({ method: "PUT", path: "/api/settings/allowlist" });

// webhooks.ts
export const reapplyWebhookDelivery = endpoint<typeof webhooks.reapplyWebhookDelivery>({
  method: "POST",
  path: "/api/v1/webhook-deliveries/[id]/reapply",
});
