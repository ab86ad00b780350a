import { fallbackWords } from "./code-words";

// Apart from labels.ts: the customer page's error notice needs this table and none of the others.

/** Error codes staff may see, from the back-office and the payments API, as a short name for what went wrong. */
const ERROR_CODES: Record<string, string> = {
  unauthenticated: "Signed out",
  forbidden: "Not allowed for your role",
  password_change_required: "Password change needed",
  invalid_request: "Invalid request",
  invalid_json: "Invalid request",
  cross_site_request: "Refused: not from this site",
  payload_too_large: "Request too large",
  unsupported_media_type: "Invalid request",
  internal_error: "Back-office error",
  not_found: "Not found",
  conflict: "Conflict with the current state",
  unprocessable: "Details not accepted",
  rate_limited: "Too many attempts",
  step_up_required: "Two-factor confirmation needed",
  sandbox_only: "Sandbox only",
  upstream_rejected_request: "Refused by the payments API",
  upstream_authentication_failed: "Payments API credentials refused",
  upstream_rate_limited: "Payments API busy",
  upstream_unavailable: "Payments API unavailable",
  upstream_timeout: "Payments API too slow",
  upstream_error: "Payments API error",
  upstream_invalid_response: "Unreadable answer from the payments API",
  upstream_unreachable: "Payments API unreachable",
  upstream_redirected: "Payments API misconfigured",
  upstream_verification_error: "Refused by the payments API",
  // The payments API's own verification codes (in upstream_code; an unknown one is shown in plain words).
  KYC_INCOMPLETE: "Customer's KYC record incomplete",
  VERIFICATION_NOT_APPLICABLE: "Verification does not apply",
  CARD_NOT_AVAILABLE: "Card not available to this customer",
  CARD_CREATION_NOT_PERMITTED: "Card not permitted",
  VERIFICATION_STATUS_UNAVAILABLE: "Verification status unavailable",
  VERIFICATION_TEMPORARILY_UNAVAILABLE: "Verification temporarily unavailable",
  VERIFICATION_PROVIDER_ERROR: "Verification provider error",
  VERIFICATION_REJECTED: "Verification rejected",
  RECONCILIATION_REQUIRED: "Needs reconciliation",
  CARD_ALREADY_EXISTS: "Customer already has a card",
  not_reapplicable: "Cannot be re-applied",
};

export function errorCodeLabel(code: string | null | undefined): string {
  if (!code) return "";
  return ERROR_CODES[code] ?? fallbackWords(code);
}
