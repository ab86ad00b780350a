/**
 * The auth library's own endpoints (next-auth): not our contracts, but the browser's only way in.
 * server/auth/oidc-provider.ts registers the OpenID Connect provider under this id.
 */
export const SSO_PROVIDER_ID = "oidc";
export const SSO_SIGN_IN_PATH = `/api/auth/signin/${SSO_PROVIDER_ID}`;
