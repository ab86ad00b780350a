/** The test identity provider the end-to-end suite starts (e2e/support/idp.ts) and the app's OIDC settings for it. */
export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4111);
export const IDP_ISSUER = `http://localhost:${IDP_PORT}`;
export const IDP_CLIENT_ID = "backoffice-e2e";
export const IDP_CLIENT_SECRET = "e2e-idp-client-secret-0123456789";
export const IDP_NAME = "Test IdP";

/** OIDC settings added to the app's environment: SSO is offered alongside the password form. */
export function appOidcEnv(appPort: number): Record<string, string> {
  // NEXTAUTH_URL: the callback the IdP has registered is built from it.
  return { NEXTAUTH_URL: `http://localhost:${appPort}`, OIDC_ISSUER: IDP_ISSUER, OIDC_CLIENT_ID: IDP_CLIENT_ID, OIDC_CLIENT_SECRET: IDP_CLIENT_SECRET, OIDC_NAME: IDP_NAME };
}
