/**
 * Every error code our API may answer, with its usual HTTP status: the one closed list (a contract
 * declares only codes from it, so a code without a status does not compile). `fail()` takes the
 * status from here; an answer that needs another (a refusal that is a 400 on one route and a 409 on
 * another) names it.
 */
export const ERROR_STATUS = {
  // The guards of every route (route.ts, request-guard.ts).
  unauthenticated: 401,
  forbidden: 403,
  password_change_required: 403,
  invalid_request: 400,
  invalid_json: 400,
  cross_site_request: 403,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  /** The database is not answering (server/db/unavailable.ts): any route that reads or writes it. */
  database_unavailable: 503,
  sandbox_only: 403,
  idempotency_key_required: 400,
  invalid_idempotency_key: 400,
  /** The address allowlist (server/auth/address-allowlist.ts): every route refuses an address outside it. */
  address_not_allowed: 403,
  /** A method the route file does not declare (server/http/methods.ts), with `Allow` naming those it does. */
  method_not_allowed: 405,
  /** An API address whose %-escapes do not decode, refused by proxy.ts before any route is looked for. */
  invalid_path: 400,
  // The upstream client (server/upstream/error-mapping.ts).
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  upstream_rejected_request: 400,
  upstream_authentication_failed: 502,
  upstream_rate_limited: 429,
  upstream_unavailable: 503,
  upstream_timeout: 504,
  upstream_error: 502,
  upstream_invalid_response: 502,
  upstream_unreachable: 502,
  upstream_redirected: 502,
  /** A typed refusal of the payments API (409, 422 or 503): its own code travels in `upstream_code`. */
  upstream_verification_error: 422,
  // Once per intent (server/idempotency).
  idempotency_key_reused: 422,
  idempotency_in_progress: 409,
  card_outcome_unknown: 502,
  credit_outcome_unknown: 502,
  duplicate_reference: 409,
  credit_in_progress: 409,
  // Cards and verification.
  card_creation_in_progress: 409,
  card_recently_issued: 409,
  verification_not_approved: 409,
  verification_check_in_progress: 503,
  pending_verification_confirmation_required: 409,
  // Compliance, finance.
  bvn_quota_exceeded: 429,
  lookup_expired: 410,
  snapshot_expired: 409,
  // Sign-in, second factor, re-authentication, step-up.
  step_up_required: 403,
  invalid_code: 400,
  second_factor_throttled: 429,
  second_factor_required: 409,
  already_enrolled: 409,
  not_enrolled: 409,
  no_pending_enrolment: 409,
  wrong_password: 400,
  password_throttled: 429,
  busy: 503,
  reauthentication_required: 403,
  // Staff.
  staff_exists: 409,
  last_admin: 409,
  own_account: 409,
  password_changed: 409,
  same_password: 400,
  weak_password: 400,
  // Approvals.
  approval_not_found: 404,
  approval_already_decided: 409,
  approval_expired: 410,
  approval_requester_unable: 409,
  self_approval_forbidden: 403,
  /** The same intent sent again with other details while the first waits for approval (an addition with another name or password). */
  approval_request_differs: 409,
  /** The maker's grant is being used by another request of theirs; it is theirs again if that one fails. */
  approval_in_use: 409,
  // Webhooks.
  invalid_signature: 401,
  malformed_event: 400,
  webhooks_not_configured: 503,
  not_reapplicable: 409,
  // Saved views.
  view_not_found: 404,
  view_name_taken: 409,
  view_limit_reached: 409,
  // Security alerts and the address allowlist.
  security_alert_not_found: 404,
  allowlist_would_lock_out: 409,
} as const satisfies Record<string, number>;

/** A code of our API's error envelope. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Error codes shared by many contracts. A contract lists the codes its handler may answer; the
 * guards' codes below apply to every route and need not be listed.
 */
export const GUARD_ERRORS = [
  "unauthenticated",
  "forbidden",
  "password_change_required",
  "invalid_request",
  "invalid_json",
  "cross_site_request",
  "payload_too_large",
  "unsupported_media_type",
  "internal_error",
  "database_unavailable",
  "address_not_allowed",
  "invalid_path",
] as const satisfies readonly ErrorCode[];
export type GuardError = (typeof GUARD_ERRORS)[number];

// The guards' sentences when the refusal has nothing more particular to say: one wording for one situation, wherever it is raised.
export const UNAUTHENTICATED_MESSAGE = "Your session has ended. Sign in again.";
export const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an administrator if you need it.";
export const PAYLOAD_TOO_LARGE_MESSAGE = "The request is too large (16 KB at most).";
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = "Send the request as application/json.";

/**
 * What any call through the upstream client may answer (server/upstream/error-mapping.ts). The
 * payments API's own verification codes are open ("the list of `code` values: not shown"), so they
 * never become our `code`: they travel in `upstream_code` beside `upstream_verification_error`.
 */
export const UPSTREAM_ERRORS = [
  "not_found",
  "conflict",
  "unprocessable",
  "upstream_rejected_request",
  "upstream_authentication_failed",
  "upstream_rate_limited",
  "upstream_unavailable",
  "upstream_timeout",
  "upstream_error",
  "upstream_invalid_response",
  "upstream_unreachable",
  "upstream_redirected",
  "upstream_verification_error",
] as const satisfies readonly ErrorCode[];

/** A state-changing action that needs a fresh second factor (server/auth/step-up.ts). */
export const STEP_UP_ERRORS = ["step_up_required"] as const satisfies readonly ErrorCode[];

/**
 * What any four-eyes contract (Contract.approval) may answer besides its own list: the maker's
 * approved grant is being used by another of their requests (server/approvals/hold.ts), whichever
 * action it approves.
 */
export const APPROVAL_HOLD_ERRORS = ["approval_in_use"] as const satisfies readonly ErrorCode[];

/** What a sandbox-only contract answers against production (see Contract.sandboxOnly). */
export const SANDBOX_ONLY = "sandbox_only" satisfies ErrorCode;
