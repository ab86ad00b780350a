/**
 * The name of the session cookie. In production it carries the `__Secure-` prefix (browsers then
 * accept it over HTTPS only). No imports: the proxy reads it on every request.
 */
export const SESSION_COOKIE = "backoffice.session";

export function sessionCookieName(secure: boolean): string {
  return secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Either form, for code that does not know which environment set it. */
export const SESSION_COOKIE_NAMES = [sessionCookieName(false), sessionCookieName(true)] as const;
