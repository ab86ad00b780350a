/**
 * A real OpenID Connect provider for the end-to-end suite (oidc-provider with its development
 * login and consent pages): one client, the back-office, and a few accounts whose email claims
 * exercise the staff match. Run by playwright.config.ts before the app: `tsx e2e/support/idp.ts`.
 *
 * Two configurations of it serve the one issuer the app knows, one at a time:
 * - `id-token`: the `email` scope's claims also go into the ID token (conformIdTokenClaims: false),
 *   as many IdPs do;
 * - `userinfo`: oidc-provider's defaults, which follow OIDC Core §5.4: those claims come only from
 *   the UserInfo endpoint.
 * A spec picks one with `POST <issuer>/__idp/claims` (see setIdpClaims); a sign-in must not be
 * under way at that moment. Both live in this one process, so the suite starts no extra server.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import Provider from "oidc-provider";
import { APP_PORT } from "./servers";
import {
  IDP_CLAIMS_PATH,
  IDP_CLIENT_ID,
  IDP_CLIENT_SECRET,
  IDP_ID_TOKEN_ALG,
  IDP_ISSUER,
  IDP_PORT,
  isIdpClaimsMode,
  type IdpClaimsMode,
} from "./servers-idp";

type Claims = { email: string; email_verified: boolean; name: string };

/** Account id (what the test types into the login form) → the claims the IdP vouches for. */
export const IDP_ACCOUNTS: Record<string, Claims> = {
  ops: { email: "ops@example.com", email_verified: true, name: "Ops Person" },
  unknown: { email: "unknown@example.com", email_verified: true, name: "Not Staff" },
  unverified: { email: "finance@example.com", email_verified: false, name: "Unverified Finance" },
  disabled: { email: "sso-disabled@example.com", email_verified: true, name: "Disabled Member" },
};

// ID tokens signed with ES256, not openid-client's default RS256: the app must take the algorithm
// it is configured with (OIDC_ID_TOKEN_ALG), as a real IdP's may be either. One key for both
// configurations, so a token is verified against the one key set the discovery document names.
const SIGNING_KEY = {
  ...generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }),
  kid: "e2e-es256",
  use: "sig",
};

function provider(claimsInIdToken: boolean): Provider {
  const created = new Provider(IDP_ISSUER, {
    jwks: { keys: [SIGNING_KEY] },
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: IDP_CLIENT_SECRET,
        redirect_uris: [`http://localhost:${APP_PORT}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        id_token_signed_response_alg: IDP_ID_TOKEN_ALG,
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Only the `id-token` configuration departs from the provider's defaults.
    ...(claimsInIdToken ? { conformIdTokenClaims: false } : {}),
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const claims = IDP_ACCOUNTS[id] ?? { email: `${id}@example.com`, email_verified: false, name: id };
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
  });
  // http://localhost issuer: oidc-provider would otherwise refuse the plain-http cookies of its own pages.
  created.proxy = true;
  return created;
}

const handlers: Record<IdpClaimsMode, ReturnType<Provider["callback"]>> = {
  "id-token": provider(true).callback(),
  userinfo: provider(false).callback(),
};
let mode: IdpClaimsMode = "id-token";

// All interfaces (like `next start`): "localhost" may resolve to ::1 or 127.0.0.1.
createServer((req, res) => {
  if (req.url === IDP_CLAIMS_PATH && req.method === "POST") {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const wanted = body.trim();
      if (!isIdpClaimsMode(wanted)) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end("expected id-token or userinfo");
        return;
      }
      mode = wanted;
      console.log(`test IdP: claims from ${mode}`);
      res.writeHead(204).end();
    });
    return;
  }
  handlers[mode](req, res);
}).listen(IDP_PORT, () => {
  console.log(`test IdP on ${IDP_ISSUER}`);
});
