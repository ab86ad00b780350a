import "server-only";
import { cookies } from "next/headers";
import { authOptions } from "./options";
import { decodeSessionToken } from "./session-token";

/**
 * What the session cookie says: who signed in, and which server-side session. Not when: the session's
 * limits are judged on the database's clock against its row (see openSession).
 */
export type SessionClaims = { staffId?: string; sid?: string };

type CookieReader = { getAll: () => { name: string; value: string }[] };

/**
 * The session cookie's value, joined from its numbered chunks when next-auth had to split a large
 * one (`name.0`, `name.1`, …), as next-auth itself reads it.
 */
export function sessionCookieValue(jar: CookieReader, name: string): string | undefined {
  const chunks: { index: number; value: string }[] = [];
  for (const { name: n, value } of jar.getAll()) {
    if (n === name) chunks.push({ index: 0, value });
    else if (n.startsWith(`${name}.`) && /^\d+$/.test(n.slice(name.length + 1)))
      chunks.push({ index: Number(n.slice(name.length + 1)), value });
  }
  if (chunks.length === 0) return undefined;
  return chunks
    .sort((a, b) => a.index - b.index)
    .map((c) => c.value)
    .join("");
}

/**
 * Cookies next-auth's `decode` accepted, with their claims, until the token's own expiry: a staff
 * member's every request sends the same cookie, and deriving the key and decrypting it again cost
 * a tenth of a session-checked request. Only the exact string that decoded is found here, so a
 * changed or forged cookie still goes through `decode`. Whether the session is still open is not
 * kept: that is read afresh at every request (see currentSignIn).
 */
const decoded = { secret: "", claims: new Map<string, { claims: SessionClaims; expiresAtMs: number }>() };
const DECODED_KEPT = 1_000;

/**
 * The claims of a session cookie, decrypted and checked (form, signature, expiry) by next-auth's own
 * `decode`; null for none, or one that does not decrypt or has expired.
 */
export async function decodeSessionCookie(
  jar: CookieReader,
  options: { cookieName: string; secret: string },
): Promise<SessionClaims | null> {
  const token = sessionCookieValue(jar, options.cookieName);
  if (!token) return null;
  if (decoded.secret !== options.secret) {
    decoded.secret = options.secret;
    decoded.claims.clear();
  }
  const kept = decoded.claims.get(token);
  if (kept && Date.now() < kept.expiresAtMs) return kept.claims;
  if (kept) decoded.claims.delete(token);
  try {
    const payload = await decodeSessionToken({ token, secret: options.secret });
    if (!payload) return null;
    const claims: SessionClaims = {
      staffId: typeof payload.sub === "string" ? payload.sub : undefined,
      sid: typeof payload.sid === "string" ? payload.sid : undefined,
    };
    if (typeof payload.exp === "number") {
      // The oldest entry makes room: a Map iterates in insertion order.
      if (decoded.claims.size >= DECODED_KEPT) decoded.claims.delete(decoded.claims.keys().next().value!);
      decoded.claims.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    }
    return claims;
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
