import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSessionCookie, sessionCookieValue } from "./session-cookie";

const NAME = "backoffice.session";
const SECRET = "session-cookie-test-secret-0123456789abcdef";
const jar = (cookies: Record<string, string>) => ({ getAll: () => Object.entries(cookies).map(([name, value]) => ({ name, value })) });
const claims = { sub: "staff-1", sid: "0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4d", loginAt: 1_700_000_000_000 };

describe("reading the session cookie", () => {
  it("decrypts next-auth's cookie into the staff id, session id and sign-in time", async () => {
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    expect(await decodeSessionCookie(jar({ [NAME]: token, other: "x" }), { cookieName: NAME, secret: SECRET })).toEqual({ staffId: "staff-1", sid: claims.sid, loginAt: claims.loginAt });
  });

  it("joins a cookie next-auth split into numbered chunks, in their order", async () => {
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    const third = Math.ceil(token.length / 3);
    const split = jar({ [`${NAME}.2`]: token.slice(2 * third), [`${NAME}.0`]: token.slice(0, third), [`${NAME}.1`]: token.slice(third, 2 * third), [`${NAME}-other`]: "x" });
    expect(sessionCookieValue(split, NAME)).toBe(token);
    expect((await decodeSessionCookie(split, { cookieName: NAME, secret: SECRET }))?.staffId).toBe("staff-1");
  });

  it("gives no claims for no cookie, another secret's cookie, a tampered one or an expired one", async () => {
    const options = { cookieName: NAME, secret: SECRET };
    expect(await decodeSessionCookie(jar({}), options)).toBeNull();
    expect(await decodeSessionCookie(jar({ [NAME]: await encode({ token: claims, secret: "another-secret-0123456789abcdef0123", maxAge: 60 }) }), options)).toBeNull();
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    const flipped = token.slice(0, -3) + (token.at(-3) === "A" ? "B" : "A") + token.slice(-2);
    expect(await decodeSessionCookie(jar({ [NAME]: flipped }), options)).toBeNull();
    // Past its expiry and next-auth's 15-second clock tolerance.
    expect(await decodeSessionCookie(jar({ [NAME]: await encode({ token: claims, secret: SECRET, maxAge: -60 }) }), options)).toBeNull();
  });
});
