/**
 * The one place that turns an error code from verification into advice (spec Errors: on a 503
 * the client uses `code` to decide between retrying later and contacting support).
 */
export type Advice = { kind: "retry" | "support" | "fix"; text: string };

const RETRY: Advice = { kind: "retry", text: "This is temporary. Try again later; the saved state is unchanged." };
const SUPPORT: Advice = { kind: "support", text: "Retrying will not fix this. Contact support with the customer id." };

const BY_CODE: Record<string, Advice> = {
  VERIFICATION_TEMPORARILY_UNAVAILABLE: RETRY,
  VERIFICATION_PROVIDER_ERROR: SUPPORT,
  VERIFICATION_REJECTED: { kind: "support", text: "The verification was rejected. Contact support to review the customer's documents." },
  RECONCILIATION_REQUIRED: {
    kind: "support",
    text: "The verification must be reconciled. Contact support; do not edit the customer's details to force a new attempt.",
  },
  upstream_unavailable: RETRY,
  upstream_timeout: RETRY,
  upstream_unreachable: RETRY,
  upstream_rate_limited: {
    kind: "retry",
    text: "The shared status check was used less than a minute ago. Try again after the next refresh time.",
  },
};

/** Where each field a 422 can name is fixed. */
const FIELD_FIXES: Record<string, string> = {
  // The KYC record lives with the payments API and nothing in the back-office opens it: say who can fix it.
  identity_document:
    "The customer's KYC record needs a supported identity document (passport, national id). It is kept by the payments API: ask the customer to update it there, or contact support with the customer id, then submit again.",
  residential_address:
    "The customer's KYC record needs their actual residential address. It is kept by the payments API: ask the customer to update it there, or contact support with the customer id, then submit again.",
  nationality: "Nigerian customers are verified when the card is created: use Create card instead.",
  type: "Card verification applies to individual customers only.",
};

export function adviceFor(status: number, code: string, field?: string): Advice {
  const known = BY_CODE[code];
  if (known) return known;
  if (status === 422)
    return { kind: "fix", text: (field && FIELD_FIXES[field]) ?? "Correct the customer's saved details named above, then submit again." };
  if (status === 409) return { kind: "support", text: "The verification cannot continue as it is. Contact support." };
  // An unknown 503 code: retrying is harmless, and support is the way out if it persists.
  if (status === 503 || status === 504 || status === 502)
    return { kind: "retry", text: "Try again later; if it keeps failing, contact support." };
  return { kind: "fix", text: "Check the request and try again." };
}

// The payments API's message is meant to carry the next action too ("… try again in a few minutes."):
// when it already says what the advice says, the advice would only say it a second time.
const SAYS: Record<Advice["kind"], RegExp | null> = { retry: /\btry again\b/i, support: /\bcontact support\b/i, fix: null };

/** Whether `message` already gives this advice, so the notice says it once. */
export function messageGivesAdvice(message: string, advice: Advice): boolean {
  return SAYS[advice.kind]?.test(message) ?? false;
}

export const FIELD_LABELS: Record<string, string> = {
  identity_document: "Identity document",
  residential_address: "Residential address",
  nationality: "Nationality",
  type: "Customer type",
};
