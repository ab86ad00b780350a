import { describe, expect, it, vi } from "vitest";

// Single sign-on configured and password sign-in switched off, the rest of the configuration as usual.
vi.mock("@/server/env", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/env")>();
  const configured = {
    ...real.env(),
    passwordSignIn: false,
    oidc: { issuer: "https://login.example.com", clientId: "backoffice", clientSecret: "s3cret", name: "Okta" },
  };
  return { ...real, env: () => configured };
});

// The request the callbacks run inside: a browser outside the allowlist saved below.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "203.0.113.9", "user-agent": "test" }) }));

const { authOptions, PASSWORD_SIGN_IN_OFF } = await import("./options");
const { db: openDb } = await import("@/server/db/client");
const { addressAllowlist, staffSessions } = await import("@/server/db/schema");
const { OIDC_REFUSALS } = await import("./oidc-sign-in");

type Credentials = { options: { authorize: (raw: Record<string, string>, req: unknown) => Promise<unknown> } };

describe("next-auth options with single sign-on", () => {
  it("offers the IdP as provider `oidc` with PKCE and state checked and the ID token validated", () => {
    const oidc = authOptions().providers.find((p) => p.id === "oidc") as unknown as Record<string, unknown>;
    expect(oidc).toMatchObject({
      type: "oauth",
      name: "Okta",
      wellKnown: "https://login.example.com/.well-known/openid-configuration",
      idToken: true,
      checks: ["pkce", "state"],
    });
  });

  it("completes the ID token's claims from UserInfo, and asks UserInfo only when the ID token lacks them", async () => {
    type Request = (context: { tokens: unknown; client: unknown; provider: unknown }) => Promise<Record<string, unknown>>;
    const oidc = authOptions().providers.find((p) => p.id === "oidc") as unknown as { userinfo?: { request?: Request } };
    const request = oidc.userinfo?.request;
    expect(request).toBeTypeOf("function");
    const tokensWith = (claims: Record<string, unknown>) => ({ access_token: "at", id_token: "x.y.z", claims: () => claims });
    const userinfo = vi.fn(async (): Promise<Record<string, unknown>> => ({
      sub: "okta-7",
      email: "a@example.com",
      email_verified: "true",
      name: "A",
    }));

    // Only `sub` in the ID token (a provider's default for the code flow): email and verification from UserInfo.
    const tokens = tokensWith({ sub: "okta-7" });
    expect(await request!({ tokens, client: { userinfo }, provider: {} })).toMatchObject({
      sub: "okta-7",
      email: "a@example.com",
      email_verified: "true",
    });
    // Handed the whole token set, so openid-client checks that UserInfo's `sub` is the ID token's.
    expect(userinfo).toHaveBeenCalledWith(tokens);

    userinfo.mockClear();
    const complete = { sub: "okta-7", email: "b@example.com", email_verified: true };
    expect(await request!({ tokens: tokensWith(complete), client: { userinfo }, provider: {} })).toMatchObject(complete);
    expect(userinfo).not.toHaveBeenCalled();

    userinfo.mockResolvedValueOnce({ sub: "someone-else", email: "a@example.com", email_verified: true, name: "A" });
    await expect(request!({ tokens: tokensWith({ sub: "okta-7" }), client: { userinfo }, provider: {} })).rejects.toThrow(
      /another subject/,
    );
  });

  it("refuses a password sign-in when PASSWORD_SIGN_IN=false, before any password is checked", async () => {
    const credentials = authOptions().providers.find((p) => p.id === "credentials") as unknown as Credentials;
    await expect(credentials.options.authorize({ email: "admin@example.com", password: "demo" }, { headers: {} })).rejects.toThrow(
      PASSWORD_SIGN_IN_OFF,
    );
  });

  it("refuses a single sign-on from outside the address allowlist before any session is opened", async () => {
    const db = await openDb();
    await db.insert(addressAllowlist).values({ id: 1, ranges: ["10.0.0.0/8"] });
    const signIn = authOptions().callbacks!.signIn!;
    await expect(
      signIn({
        user: { id: "idp-user" },
        account: { provider: "oidc", type: "oauth", providerAccountId: "idp-admin" },
        profile: { sub: "idp-admin", email: "admin@example.com", email_verified: true } as never,
      }),
    ).rejects.toThrow(OIDC_REFUSALS.address);
    expect(await db.select().from(staffSessions)).toHaveLength(0);
  });
});
