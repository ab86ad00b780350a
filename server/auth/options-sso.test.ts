import { describe, expect, it, vi } from "vitest";

// Single sign-on configured and password sign-in switched off, the rest of the configuration as usual.
vi.mock("@/server/env", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/env")>();
  const configured = { ...real.env(), passwordSignIn: false, oidc: { issuer: "https://login.example.com", clientId: "backoffice", clientSecret: "s3cret", name: "Okta" } };
  return { ...real, env: () => configured };
});

const { authOptions, PASSWORD_SIGN_IN_OFF } = await import("./options");

type Credentials = { options: { authorize: (raw: Record<string, string>, req: unknown) => Promise<unknown> } };

describe("next-auth options with single sign-on", () => {
  it("offers the IdP as provider `oidc` with PKCE and state checked and the identity from the ID token", () => {
    const oidc = authOptions().providers.find((p) => p.id === "oidc") as unknown as Record<string, unknown>;
    expect(oidc).toMatchObject({
      type: "oauth",
      name: "Okta",
      wellKnown: "https://login.example.com/.well-known/openid-configuration",
      idToken: true,
      checks: ["pkce", "state"],
    });
  });

  it("refuses a password sign-in when PASSWORD_SIGN_IN=false, before any password is checked", async () => {
    const credentials = authOptions().providers.find((p) => p.id === "credentials") as unknown as Credentials;
    await expect(credentials.options.authorize({ email: "admin@example.com", password: "demo" }, { headers: {} })).rejects.toThrow(PASSWORD_SIGN_IN_OFF);
  });
});
