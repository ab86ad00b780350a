import "server-only";
import { decode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { authOptions } from "./options";

/** What the session cookie says: who signed in, which server-side session, and when. */
export type SessionClaims = { staffId?: string; sid?: string; loginAt?: number };

type CookieReader = { getAll: () => { name: string; value: string }[] };

/**
 * The session cookie's value, joined from its numbered chunks when next-auth had to split a large
 * one (`name.0`, `name.1`, …), as next-auth itself reads it.
 */
export function sessionCookieValue(jar: CookieReader, name: string): string | undefined {
  const chunks: { index: number; value: string }[] = [];
  for (const { name: n, value } of jar.getAll()) {
    if (n === name) chunks.push({ index: 0, value });
    else if (n.startsWith(`${name}.`) && /^\d+$/.test(n.slice(name.length + 1))) chunks.push({ index: Number(n.slice(name.length + 1)), value });
  }
  if (chunks.length === 0) return undefined;
  return chunks.sort((a, b) => a.index - b.index).map((c) => c.value).join("");
}

/**
 * The claims of a session cookie, decrypted and checked (signature, expiry) by next-auth's own
 * `decode`; null for none, or one that does not decrypt or has expired.
 */
export async function decodeSessionCookie(jar: CookieReader, options: { cookieName: string; secret: string }): Promise<SessionClaims | null> {
  const token = sessionCookieValue(jar, options.cookieName);
  if (!token) return null;
  try {
    const claims = await decode({ token, secret: options.secret });
    if (!claims) return null;
    return {
      staffId: typeof claims.sub === "string" ? claims.sub : undefined,
      sid: typeof claims.sid === "string" ? claims.sid : undefined,
      loginAt: typeof claims.loginAt === "number" ? claims.loginAt : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * The current request's session claims. Only the cookie is read here: whether its server-side
 * session is still open is the caller's single database read (see currentSignIn). next-auth's
 * getServerSession would also run the jwt callback (a second read of the same row) and encrypt a
 * renewed cookie that a route handler cannot set; the browser's session polling renews it instead.
 */
export async function currentSessionClaims(): Promise<SessionClaims | null> {
  const options = authOptions();
  const name = options.cookies?.sessionToken?.name;
  if (!name || !options.secret) throw new Error("authOptions must name the session cookie and carry its secret");
  return decodeSessionCookie(await cookies(), { cookieName: name, secret: options.secret });
}
