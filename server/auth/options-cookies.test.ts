import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { AuthOptions } from "next-auth";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { staff } from "@/server/db/schema";

// A staging deployment: sandbox credentials (vitest's environment), reached at an https address.
const PUBLIC_URL = "https://staging.backoffice.example.com";
vi.stubEnv("NEXTAUTH_URL", PUBLIC_URL);

const { env } = await import("@/server/env");
const { authOptions } = await import("./options");
const { hashPassword } = await import("./password");
const { db } = await import("@/server/db/client");

// next-auth's core handler, which the auth route's NextAuth() calls with the request (its package
// does not export it; the route's own wrapper needs a live Next request scope for next/headers).
type Internal = { status?: number; body?: unknown; cookies?: { name: string; value: string; options: Record<string, unknown> }[] };
const require = createRequire(import.meta.url);
const { AuthHandler } = require(join(dirname(require.resolve("next-auth")), "core/index.js")) as {
  AuthHandler: (params: { req: Request; options: AuthOptions }) => Promise<Internal>;
};

type SetCookie = { name: string; value: string; options: Record<string, unknown> };

/** One request through next-auth as the auth route hands it over, from a browser at the public address. */
async function auth(
  path: string,
  init?: { body?: Record<string, string>; cookie?: string },
): Promise<{ status: number; body: unknown; cookies: SetCookie[] }> {
  const headers = new Headers({
    host: new URL(PUBLIC_URL).host,
    "content-type": "application/json",
    ...(init?.cookie ? { cookie: init.cookie } : {}),
  });
  const request = new Request(`${PUBLIC_URL}/api/auth/${path}`, {
    method: init?.body ? "POST" : "GET",
    headers,
    ...(init?.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const response = await AuthHandler({ req: request, options: authOptions() });
  return { status: response.status ?? 200, body: response.body, cookies: response.cookies ?? [] };
}

function expectSecureHostCookie(cookie: SetCookie | undefined, name: string) {
  expect(cookie?.name).toBe(name);
  expect(cookie?.options).toMatchObject({ secure: true, path: "/", httpOnly: true });
  expect(cookie?.options.domain).toBeUndefined();
}

beforeAll(async () => {
  await (await db()).insert(staff).values({
    email: "staging.admin@example.com",
    name: "Staging Admin",
    role: "admin",
    passwordHash: await hashPassword("a-staging-password-123"),
  });
});

describe("auth cookies of an https deployment with sandbox credentials", () => {
  it("runs in the sandbox", () => {
    expect(env()).toMatchObject({ environment: "sandbox", publicUrl: PUBLIC_URL });
  });

  it("configures next-auth with every cookie Secure and __Host- prefixed", () => {
    const options = authOptions();
    expect(options.useSecureCookies).toBe(true);
    const cookies = Object.values(options.cookies ?? {});
    expect(cookies).toHaveLength(6);
    for (const cookie of cookies) {
      expect(cookie.name).toMatch(/^__Host-/);
      expect(cookie.options).toMatchObject({ secure: true, path: "/" });
    }
  });

  it("sets the CSRF cookie and, after a password sign-in, the session cookie Secure with the __Host- prefix", async () => {
    const csrf = await auth("csrf");
    expect(csrf.status).toBe(200);
    const csrfCookie = csrf.cookies.find((c) => c.name.endsWith("next-auth.csrf-token"));
    expectSecureHostCookie(csrfCookie, "__Host-next-auth.csrf-token");

    const { csrfToken } = csrf.body as { csrfToken: string };
    const signedIn = await auth("callback/credentials", {
      body: { csrfToken, email: "staging.admin@example.com", password: "a-staging-password-123", json: "true" },
      cookie: `${csrfCookie!.name}=${csrfCookie!.value}`,
    });
    const session = signedIn.cookies.find((c) => c.name.includes("backoffice.session"));
    expectSecureHostCookie(session, "__Host-backoffice.session");
    expect(session?.value).toMatch(/^[\w-]+(\.[\w-]*){4}$/);
    // Nothing next-auth set on the way (the callback-url cookie included) lacks Secure.
    for (const cookie of [...csrf.cookies, ...signedIn.cookies]) expect(cookie.options.secure, cookie.name).toBe(true);
  });
});
