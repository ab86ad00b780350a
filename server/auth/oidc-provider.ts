import "server-only";
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { SSO_PROVIDER_ID } from "@/lib/client/auth";
import { env } from "@/server/env";
import { mergeOidcClaims, needsUserinfo, type OidcClaims } from "./oidc-claims";

/** The claims the app reads about the person: the ID token's, completed from UserInfo. */
export type OidcProfile = OidcClaims;

type IdTokenSet = { claims(): Record<string, unknown> };

/**
 * next-auth's provider for the company's OpenID Connect IdP (callback /api/auth/callback/oidc),
 * or null when OIDC_* is not configured. `idToken: true` makes next-auth validate the signed ID
 * token (issuer, audience, signature, expiry); PKCE and state are both checked. The claims the ID
 * token lacks are read from the UserInfo endpoint with the access token, as a provider following
 * OIDC Core §5.4 serves the `email` scope's claims there by default (oidc-provider does, and so do
 * several commercial IdPs for the code flow). What `profile` returns is replaced by the staff row
 * in the signIn callback.
 */
export function oidcProvider(): OAuthConfig<OidcProfile> | null {
  const oidc = env().oidc;
  if (!oidc) return null;
  return {
    id: SSO_PROVIDER_ID,
    name: oidc.name,
    type: "oauth",
    wellKnown: `${oidc.issuer}/.well-known/openid-configuration`,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    // openid-client expects RS256 unless told: an IdP signing with ES256 (say) failed every sign-in.
    client: { id_token_signed_response_alg: oidc.idTokenAlg },
    checks: ["pkce", "state"],
    userinfo: {
      // next-auth reads only the ID token when idToken is set; this completes it from UserInfo.
      // Given the token set (not the bare access token), openid-client also refuses a UserInfo
      // answer about another `sub`; mergeOidcClaims checks that again.
      async request({ tokens, client }) {
        const idToken = (tokens as unknown as IdTokenSet).claims();
        const userinfo = needsUserinfo(idToken) ? await client.userinfo(tokens as Parameters<typeof client.userinfo>[0]) : null;
        // next-auth types a profile's claims as strings; they are the IdP's JSON, checked in signInWithOidc.
        return mergeOidcClaims(idToken, userinfo) as unknown as Profile;
      },
    },
    profile(profile) {
      return {
        id: profile.sub,
        email: typeof profile.email === "string" ? profile.email : null,
        name: typeof profile.name === "string" ? profile.name : null,
      };
    },
  };
}
