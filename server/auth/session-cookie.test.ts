import * as jwt from "next-auth/jwt";
import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSessionCookie, sessionCookieValue } from "./session-cookie";

const NAME = "backoffice.session";
const SECRET = "session-cookie-test-secret-0123456789abcdef";
const jar = (cookies: Record<string, string>) => ({ getAll: () => Object.entries(cookies).map(([name, value]) => ({ name, value })) });
// `loginAt`: cookies issued before the 12-hour limit was judged on the database's clock alone carry it.
const claims = { sub: "staff-1", sid: "0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4d", loginAt: 1_700_000_000_000 };

vi.mock("next-auth/jwt", async (original) => {
  const actual = await original<typeof import("next-auth/jwt")>();
  return { ...actual, decode: vi.fn(actual.decode) };
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(jwt.decode).mockClear();
});

describe("reading the session cookie", () => {
  it("decrypts next-auth's cookie into the staff id and session id (an older cookie's sign-in time is not read)", async () => {
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    expect(await decodeSessionCookie(jar({ [NAME]: token, other: "x" }), { cookieName: NAME, secret: SECRET })).toEqual({
      staffId: "staff-1",
      sid: claims.sid,
    });
  });

  it("joins a cookie next-auth split into numbered chunks, in their order", async () => {
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    const third = Math.ceil(token.length / 3);
    const split = jar({
      [`${NAME}.2`]: token.slice(2 * third),
      [`${NAME}.0`]: token.slice(0, third),
      [`${NAME}.1`]: token.slice(third, 2 * third),
      [`${NAME}-other`]: "x",
    });
    expect(sessionCookieValue(split, NAME)).toBe(token);
    expect((await decodeSessionCookie(split, { cookieName: NAME, secret: SECRET }))?.staffId).toBe("staff-1");
  });

  it("gives no claims for no cookie, another secret's cookie, a tampered one or an expired one", async () => {
    const options = { cookieName: NAME, secret: SECRET };
    expect(await decodeSessionCookie(jar({}), options)).toBeNull();
    expect(
      await decodeSessionCookie(
        jar({ [NAME]: await encode({ token: claims, secret: "another-secret-0123456789abcdef0123", maxAge: 60 }) }),
        options,
      ),
    ).toBeNull();
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    const flipped = token.slice(0, -3) + (token.at(-3) === "A" ? "B" : "A") + token.slice(-2);
    expect(await decodeSessionCookie(jar({ [NAME]: flipped }), options)).toBeNull();
    // Past its expiry and next-auth's 15-second clock tolerance.
    expect(await decodeSessionCookie(jar({ [NAME]: await encode({ token: claims, secret: SECRET, maxAge: -60 }) }), options)).toBeNull();
  });

  it("refuses a cookie with anything outside a JWE's characters, though the base64 decoder would skip it", async () => {
    const options = { cookieName: NAME, secret: SECRET };
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    // A browser sends `%00` and Next hands it over decoded; Node's base64url decoder drops such characters.
    for (const stray of [`${token}\0`, `${token.slice(0, 10)}\0${token.slice(10)}`, `${token} `, `${token}=`, `${token}.x`]) {
      expect(await decodeSessionCookie(jar({ [NAME]: stray }), options)).toBeNull();
    }
    expect(jwt.decode).not.toHaveBeenCalled();
    expect((await decodeSessionCookie(jar({ [NAME]: token }), options))?.staffId).toBe("staff-1");
  });

  it("decrypts a cookie once, and serves its claims again until the token's own expiry", async () => {
    const options = { cookieName: NAME, secret: SECRET };
    const token = await encode({ token: { ...claims, sub: "staff-kept" }, secret: SECRET, maxAge: 60 });
    const first = await decodeSessionCookie(jar({ [NAME]: token }), options);
    expect(await decodeSessionCookie(jar({ [NAME]: token }), options)).toEqual(first);
    expect(jwt.decode).toHaveBeenCalledTimes(1);
    // Another secret (a rotation at restart) never sees what the old one decoded.
    expect(await decodeSessionCookie(jar({ [NAME]: token }), { ...options, secret: "another-secret-0123456789abcdef0123" })).toBeNull();
    // Past the token's expiry (and next-auth's clock tolerance) it is decoded again, and refused.
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    expect(await decodeSessionCookie(jar({ [NAME]: token }), options)).toBeNull();
  });

  it("keeps nothing for a cookie that did not decode: a tampered one is refused every time", async () => {
    const options = { cookieName: NAME, secret: SECRET };
    const token = await encode({ token: claims, secret: SECRET, maxAge: 60 });
    expect(await decodeSessionCookie(jar({ [NAME]: token }), options)).not.toBeNull();
    const flipped = token.slice(0, -3) + (token.at(-3) === "A" ? "B" : "A") + token.slice(-2);
    expect(await decodeSessionCookie(jar({ [NAME]: flipped }), options)).toBeNull();
    expect(await decodeSessionCookie(jar({ [NAME]: flipped }), options)).toBeNull();
    expect(jwt.decode).toHaveBeenCalledTimes(3);
  });
});
