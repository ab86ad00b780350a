/**
 * A real OpenID Connect provider for the end-to-end suite (oidc-provider with its development
 * login and consent pages): one client, the back-office, and a few accounts whose email claims
 * exercise the staff match. Run by playwright.config.ts before the app: `tsx e2e/support/idp.ts`.
 */
import { createServer } from "node:http";
import Provider from "oidc-provider";
import { APP_PORT } from "./servers";
import { IDP_CLIENT_ID, IDP_CLIENT_SECRET, IDP_ISSUER, IDP_PORT } from "./servers-idp";

type Claims = { email: string; email_verified: boolean; name: string };

/** Account id (what the test types into the login form) → the claims the IdP vouches for. */
export const IDP_ACCOUNTS: Record<string, Claims> = {
  ops: { email: "ops@example.com", email_verified: true, name: "Ops Person" },
  unknown: { email: "unknown@example.com", email_verified: true, name: "Not Staff" },
  unverified: { email: "finance@example.com", email_verified: false, name: "Unverified Finance" },
  disabled: { email: "sso-disabled@example.com", email_verified: true, name: "Disabled Member" },
};

const provider = new Provider(IDP_ISSUER, {
  clients: [
    {
      client_id: IDP_CLIENT_ID,
      client_secret: IDP_CLIENT_SECRET,
      redirect_uris: [`http://localhost:${APP_PORT}/api/auth/callback/oidc`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  // Put the requested claims into the ID token, as the common IdPs do for the `email` scope:
  // the app reads the identity from the ID token.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  async findAccount(_ctx, id) {
    const claims = IDP_ACCOUNTS[id] ?? { email: `${id}@example.com`, email_verified: false, name: id };
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
});
// http://localhost issuer: oidc-provider would otherwise refuse the plain-http cookies of its own pages.
provider.proxy = true;

// All interfaces (like `next start`): "localhost" may resolve to ::1 or 127.0.0.1.
createServer(provider.callback()).listen(IDP_PORT, () => {
  console.log(`test IdP on ${IDP_ISSUER}`);
});
