import "server-only";

/** The claims the app reads about the person signing in (OIDC Core §5.1). */
export type OidcClaims = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown };

type Claims = Record<string, unknown>;

/**
 * Whether the provider vouched for the email address: the boolean `true` (OIDC Core §5.1), or the
 * string "true" that some IdPs send. Anything else (absent, false, "false", "yes", 1) is not.
 */
export function isEmailVerified(value: unknown): boolean {
  return value === true || value === "true";
}

/**
 * Whether the ID token lacks a claim the staff match needs. A conforming provider puts the `email`
 * scope's claims in the ID token only when asked to (OIDC Core §5.4): by default they are served
 * by the UserInfo endpoint alone.
 */
export function needsUserinfo(idToken: Claims): boolean {
  return idToken.email == null || idToken.email_verified == null;
}

export class UserinfoSubjectMismatch extends Error {
  override name = "UserinfoSubjectMismatch";
}

/**
 * The person's claims: the signed ID token's, with the ones it lacks taken from the UserInfo
 * response. UserInfo is used only when its `sub` is exactly the ID token's (OIDC Core §5.3.2), and
 * its `email_verified` only for the email the person ends up with, so a verification is never
 * borrowed from one address for another.
 */
export function mergeOidcClaims(idToken: Claims, userinfo: Claims | null): OidcClaims {
  const sub = idToken.sub;
  if (typeof sub !== "string" || sub === "") throw new TypeError("the ID token has no sub claim");
  if (!userinfo) return { ...idToken, sub };
  if (userinfo.sub !== sub) throw new UserinfoSubjectMismatch("the UserInfo response is about another subject than the ID token");
  const email = idToken.email ?? userinfo.email;
  const emailVerified =
    idToken.email != null && idToken.email_verified != null
      ? idToken.email_verified
      : userinfo.email === email
        ? userinfo.email_verified
        : undefined;
  return {
    ...idToken,
    sub,
    email,
    email_verified: emailVerified,
    name: idToken.name ?? userinfo.name,
  };
}
