import type { CookieOption, CookiesOptions } from "next-auth";

/**
 * The names and flags of every auth cookie, decided by the back-office's public URL (NEXTAUTH_URL)
 * alone: an https address gets `Secure` cookies with a prefix the browser enforces, whatever the
 * environment, so a staging deployment with sandbox credentials is protected like production.
 * No runtime imports: the proxy reads the session cookie's name on every request.
 */
export const SESSION_COOKIE = "backoffice.session";

const MINUTES_15 = 15 * 60;

/** Whether the public URL is https. Unset is next-auth's own fallback, http://localhost:3000. */
export function servesOverHttps(publicUrl: string | null | undefined): boolean {
  if (!publicUrl) return false;
  try {
    return new URL(publicUrl).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The browser-enforced prefix: `__Host-` pins a Secure cookie to this exact host (Path=/, no
 * Domain), so a sibling subdomain can neither set nor overwrite it; `__Secure-` only requires Secure.
 */
export function cookiePrefix(options: { secure: boolean; path: string; domain?: string }): "" | "__Host-" | "__Secure-" {
  if (!options.secure) return "";
  return options.path === "/" && !options.domain ? "__Host-" : "__Secure-";
}

function authCookie(base: string, secure: boolean, maxAge?: number): CookieOption {
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure, ...(maxAge ? { maxAge } : {}) };
  return { name: `${cookiePrefix(options)}${base}`, options };
}

/** next-auth's six cookies (its defaults' names, our session cookie's name), for the given public URL. */
export function authCookies(publicUrl: string | null | undefined): CookiesOptions {
  const secure = servesOverHttps(publicUrl);
  return {
    sessionToken: authCookie(SESSION_COOKIE, secure),
    callbackUrl: authCookie("next-auth.callback-url", secure),
    csrfToken: authCookie("next-auth.csrf-token", secure),
    // The sign-in round trip through the IdP must finish within 15 minutes, as next-auth's defaults.
    pkceCodeVerifier: authCookie("next-auth.pkce.code_verifier", secure, MINUTES_15),
    state: authCookie("next-auth.state", secure, MINUTES_15),
    nonce: authCookie("next-auth.nonce", secure),
  };
}

/** The session cookie's name for the given public URL (next-auth may split it into `<name>.0`, `<name>.1`, …). */
export function sessionCookieName(publicUrl: string | null | undefined): string {
  return authCookies(publicUrl).sessionToken.name;
}
