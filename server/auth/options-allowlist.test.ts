import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AuthOptions } from "next-auth";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addStaff } from "@/server/testing/staff";

// The request next-auth's callbacks run inside (they get no request of their own): its address is the test's.
const client = vi.hoisted(() => ({ address: "10.1.2.3" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": client.address, "user-agent": "vitest" }),
}));

const { authOptions } = await import("./options");
const { authSecret } = await import("./secret");
const { authCookies } = await import("./session-cookie-name");
const { createSession } = await import("./session-store");
const { readAllowlist } = await import("./address-allowlist");
const { env } = await import("@/server/env");
const { db: openDb } = await import("@/server/db/client");
const { addressAllowlist, staffSessions } = await import("@/server/db/schema");

// next-auth's core handler, as the auth route's NextAuth() calls it (see options-cookies.test.ts).
type Internal = { status?: number; body?: unknown; cookies?: { name: string; value: string; options: Record<string, unknown> }[] };
const require = createRequire(import.meta.url);
const { AuthHandler } = require(join(dirname(require.resolve("next-auth")), "core/index.js")) as {
  AuthHandler: (params: { req: Request; options: AuthOptions }) => Promise<Internal>;
};

const BASE = "http://localhost:3000";
const COOKIE = authCookies(env().publicUrl).sessionToken.name;
let cookie = "";
let sid = "";
let staffId = "";

/** GET /api/auth/session with the member's cookie, from `address`. */
async function sessionFrom(address: string) {
  client.address = address;
  const request = new Request(`${BASE}/api/auth/session`, {
    headers: { cookie: `${COOKIE}=${cookie}`, "x-forwarded-for": address },
  });
  const response = await AuthHandler({ req: request, options: authOptions() });
  return { body: response.body as Record<string, unknown>, cookies: response.cookies ?? [] };
}

const lastSeenAt = async () =>
  (await (await openDb()).select({ at: staffSessions.lastSeenAt }).from(staffSessions).where(eq(staffSessions.id, sid)))[0]!.at;

/** Puts the session's last sighting five minutes back: any answered read now refreshes it. */
const seenFiveMinutesAgo = async () =>
  (await openDb())
    .update(staffSessions)
    .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
    .where(eq(staffSessions.id, sid));

beforeAll(async () => {
  const db = await openDb();
  const member = await addStaff({ db, role: "admin", password: "a-long-enough-password-1", emailPrefix: "allowlist" });
  staffId = member.id;
  sid = await createSession(db, member.id, { address: "10.1.2.3", userAgent: "vitest" });
  cookie = await encode({
    token: { sub: member.id, email: member.email, name: member.name, sid },
    secret: authSecret(),
  });
  await db.insert(addressAllowlist).values({ id: 1, ranges: ["10.0.0.0/8"] });
  await readAllowlist({ db, headers: new Headers() }); // this instance's copy, refreshed at once
});

describe("GET /api/auth/session and the address allowlist 10.0.0.0/8", () => {
  it("answers a valid cookie from inside with the member's session, re-issuing the cookie", async () => {
    await seenFiveMinutesAgo();
    const before = await lastSeenAt();
    const { body, cookies } = await sessionFrom("10.1.2.3");
    expect(body).toMatchObject({ staffId, sid });
    expect(cookies.find((c) => c.name === COOKIE)?.value).toBeTruthy();
    expect((await lastSeenAt()).getTime()).toBeGreaterThan(before.getTime());
  });

  it("answers the same cookie from 203.0.113.9 with no session: no name or ids, no new cookie, not kept alive", async () => {
    await seenFiveMinutesAgo();
    const before = await lastSeenAt();
    const { body, cookies } = await sessionFrom("203.0.113.9");
    expect(body).toEqual({});
    expect(JSON.stringify(body)).not.toContain(staffId);
    // Only ever cleared from outside, never re-issued.
    for (const c of cookies.filter((c) => c.name.startsWith(COOKIE))) expect(c.value).toBe("");
    expect(await lastSeenAt()).toEqual(before);
  });
});
