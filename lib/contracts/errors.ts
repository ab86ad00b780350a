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
] as const;
export type GuardError = (typeof GUARD_ERRORS)[number];

/** What any call through the upstream client may answer (server/upstream/error-mapping.ts). */
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
] as const;

/** A state-changing action that needs a fresh second factor (server/auth/step-up.ts). */
export const STEP_UP_ERRORS = ["step_up_required"] as const;

/** What a sandbox-only contract answers against production (see Contract.sandboxOnly). */
export const SANDBOX_ONLY = "sandbox_only";
