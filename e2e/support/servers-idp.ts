/** The test identity provider the end-to-end suite starts (e2e/support/idp.ts) and the app's OIDC settings for it. */
export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4111);
export const IDP_ISSUER = `http://localhost:${IDP_PORT}`;
export const IDP_CLIENT_ID = "backoffice-e2e";
export const IDP_CLIENT_SECRET = "e2e-idp-client-secret-0123456789";
export const IDP_NAME = "Test IdP";
/** How the test IdP signs ID tokens (e2e/support/idp.ts): not the RS256 a client assumes by default. */
export const IDP_ID_TOKEN_ALG = "ES256";

/**
 * Where the test IdP serves the person's email claims from: `id-token` (also in the ID token, as
 * many IdPs do; the default) or `userinfo` (oidc-provider's defaults, OIDC Core §5.4: only from
 * the UserInfo endpoint).
 */
export const IDP_CLAIMS_MODES = ["id-token", "userinfo"] as const;
export type IdpClaimsMode = (typeof IDP_CLAIMS_MODES)[number];
export const IDP_CLAIMS_PATH = "/__idp/claims";

export function isIdpClaimsMode(value: string): value is IdpClaimsMode {
  return (IDP_CLAIMS_MODES as readonly string[]).includes(value);
}

/** Switches the test IdP's configuration; the next sign-in through it uses the one chosen. */
export async function setIdpClaims(mode: IdpClaimsMode): Promise<void> {
  const res = await fetch(`${IDP_ISSUER}${IDP_CLAIMS_PATH}`, { method: "POST", body: mode });
  if (res.status !== 204) throw new Error(`the test IdP refused claims mode ${mode} (${res.status})`);
}

/** OIDC settings added to the app's environment: SSO is offered alongside the password form. */
export function appOidcEnv(appPort: number): Record<string, string> {
  // NEXTAUTH_URL: the callback the IdP has registered is built from it; being http://localhost, it
  // gives the auth cookies no Secure flag and no prefix.
  return {
    NEXTAUTH_URL: `http://localhost:${appPort}`,
    OIDC_ISSUER: IDP_ISSUER,
    OIDC_CLIENT_ID: IDP_CLIENT_ID,
    OIDC_CLIENT_SECRET: IDP_CLIENT_SECRET,
    OIDC_NAME: IDP_NAME,
    OIDC_ID_TOKEN_ALG: IDP_ID_TOKEN_ALG,
  };
}
