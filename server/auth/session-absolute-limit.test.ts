import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AuthOptions } from "next-auth";
import { encode, type JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { addStaff } from "@/server/testing/staff";

// The request both readers run inside: the cookie a test sets, from an address any allowlist admits.
const request = vi.hoisted(() => ({ cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "10.1.2.3", "user-agent": "vitest" }),
  cookies: async () => ({ getAll: () => (request.cookie ? [{ name: COOKIE, value: request.cookie }] : []) }),
}));

const { authOptions } = await import("./options");
const { authSecret } = await import("./secret");
const { authCookies } = await import("./session-cookie-name");
const { createSession } = await import("./session-store");
const { currentSignIn } = await import("./session");
const { env } = await import("@/server/env");
const { db: openDb } = await import("@/server/db/client");
const { staffSessions } = await import("@/server/db/schema");

// next-auth's core handler, as the auth route's NextAuth() calls it (see options-cookies.test.ts).
type Internal = { status?: number; body?: unknown; cookies?: { name: string; value: string }[] };
const require = createRequire(import.meta.url);
const { AuthHandler } = require(join(dirname(require.resolve("next-auth")), "core/index.js")) as {
  AuthHandler: (params: { req: Request; options: AuthOptions }) => Promise<Internal>;
};

const COOKIE = authCookies(env().publicUrl).sessionToken.name;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The reading instance's clock runs this far ahead of the database's (and of the signing instance's). */
const FAST = 2 * HOUR;

let member: { id: string; email: string; name: string };

beforeAll(async () => {
  const row = await addStaff({ db: await openDb(), role: "ops", password: "a-long-enough-password-1", emailPrefix: "absolute" });
  member = { id: row.id, email: row.email, name: row.name };
});

/**
 * A sign-in `ageMs` ago on the database's clock: the session row opened then, and the token the jwt
 * callback issued then on an instance whose clock was right. The cookie holding it was last renewed
 * a moment ago by the reading instance (its 30-minute expiry is that instance's to judge).
 */
async function signedInAgo(ageMs: number): Promise<string> {
  const db = await openDb();
  const sid = await createSession(db, member.id, { userAgent: "vitest", address: "10.1.2.3" });
  await db
    .update(staffSessions)
    .set({ createdAt: sql`now() - make_interval(secs => ${ageMs / 1000})` })
    .where(eq(staffSessions.id, sid));
  const jwt = authOptions().callbacks!.jwt! as unknown as (params: { token: JWT; user: unknown }) => Promise<JWT>;
  const token = await withAppClockSkew(-ageMs, () => jwt({ token: {}, user: { ...member, sid } }));
  request.cookie = await withAppClockSkew(FAST, () => encode({ token, secret: authSecret() }));
  return sid;
}

/** GET /api/auth/session (the browser's session poll, which renews the cookie) on the fast instance. */
const sessionPoll = () =>
  withAppClockSkew(FAST, async () => {
    const req = new Request("http://localhost:3000/api/auth/session", { headers: { cookie: `${COOKIE}=${request.cookie}` } });
    const answer = await AuthHandler({ req, options: authOptions() });
    return { body: answer.body as Record<string, unknown>, renewed: answer.cookies?.find((c) => c.name === COOKIE)?.value ?? "" };
  });

describe("the 12-hour session limit, judged on the database's clock alone", () => {
  it("a session 11 hours old is still valid on an instance whose clock runs 2 hours fast: pages, routes and the cookie's renewal", async () => {
    const sid = await signedInAgo(11 * HOUR);
    const signIn = await withAppClockSkew(FAST, async () => currentSignIn(await openDb()));
    expect(signIn?.staff).toMatchObject({ id: member.id, sessionId: sid });
    const { body, renewed } = await sessionPoll();
    expect(body).toMatchObject({ staffId: member.id, sid });
    expect(renewed).not.toBe("");
  });

  it.each([
    ["2 hours fast", FAST],
    ["right", 0],
    ["2 hours slow", -FAST],
  ])("a session 12 hours and 1 minute old is refused on an instance whose clock is %s", async (_clock, skewMs) => {
    await signedInAgo(12 * HOUR + MINUTE);
    expect(await withAppClockSkew(skewMs, async () => currentSignIn(await openDb()))).toBeNull();
  });

  it("a session 12 hours and 1 minute old is not renewed: next-auth answers no session and clears the cookie", async () => {
    await signedInAgo(12 * HOUR + MINUTE);
    const { body, renewed } = await sessionPoll();
    expect(body).toEqual({});
    expect(renewed).toBe("");
  });

  it("a cookie issued now names no sign-in time of the instance that issued it", async () => {
    const jwt = authOptions().callbacks!.jwt! as unknown as (params: { token: JWT; user: unknown }) => Promise<JWT>;
    expect(Object.keys(await jwt({ token: {}, user: { ...member, sid: "00000000-0000-4000-8000-000000000000" } })).sort()).toEqual([
      "email",
      "name",
      "sid",
      "sub",
    ]);
  });
});
