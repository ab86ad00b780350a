import "server-only";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { SSO_PROVIDER_ID } from "@/lib/client/auth";
import { env } from "@/server/env";

/** The claims the app reads from the IdP's ID token. */
export type OidcProfile = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown };

/**
 * next-auth's provider for the company's OpenID Connect IdP (callback /api/auth/callback/oidc),
 * or null when OIDC_* is not configured. The identity comes from the signed ID token; PKCE and
 * state are both checked. What `profile` returns is replaced by the staff row in the signIn callback.
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
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.sub, email: typeof profile.email === "string" ? profile.email : null, name: typeof profile.name === "string" ? profile.name : null };
    },
  };
}
