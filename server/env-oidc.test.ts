import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const oidc = {
  OIDC_ISSUER: "https://login.example.com/",
  OIDC_CLIENT_ID: "backoffice",
  OIDC_CLIENT_SECRET: "s3cret",
  NEXTAUTH_URL: "https://backoffice.example.com",
};

describe("single sign-on configuration", () => {
  it("is off by default, with password sign-in on", () => {
    const e = parseEnv({});
    expect(e.oidc).toBeNull();
    expect(e.passwordSignIn).toBe(true);
  });

  it("takes all three variables, strips the issuer's trailing slash and names the button SSO by default", () => {
    expect(parseEnv(oidc).oidc).toEqual({
      issuer: "https://login.example.com",
      clientId: "backoffice",
      clientSecret: "s3cret",
      name: "SSO",
      idTokenAlg: "RS256",
    });
    expect(parseEnv({ ...oidc, OIDC_NAME: "Okta" }).oidc?.name).toBe("Okta");
  });

  it("takes the ID token's signing algorithm of an IdP that does not use RS256, and refuses a symmetric one or none", () => {
    expect(parseEnv({ ...oidc, OIDC_ID_TOKEN_ALG: "ES256" }).oidc?.idTokenAlg).toBe("ES256");
    expect(parseEnv({ ...oidc, OIDC_ID_TOKEN_ALG: "EdDSA" }).oidc?.idTokenAlg).toBe("EdDSA");
    for (const alg of ["HS256", "none", "es256", "RS1"])
      expect(() => parseEnv({ ...oidc, OIDC_ID_TOKEN_ALG: alg }), alg).toThrow(/OIDC_ID_TOKEN_ALG must be one of RS256/);
  });

  it("names the missing variable when only some are set", () => {
    expect(() => parseEnv({ OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_CLIENT_ID: "x" })).toThrow(/OIDC_CLIENT_SECRET is required/);
    expect(() => parseEnv({ OIDC_CLIENT_SECRET: "x" })).toThrow(/OIDC_ISSUER is required[\s\S]*OIDC_CLIENT_ID is required/);
  });

  it("needs the back-office's public URL, which the IdP's callback URL is built from", () => {
    expect(() => parseEnv({ ...oidc, NEXTAUTH_URL: "" })).toThrow(/NEXTAUTH_URL is required with single sign-on/);
    expect(() => parseEnv({ ...oidc, NEXTAUTH_URL: "http://backoffice.example.com" })).toThrow(/NEXTAUTH_URL must be https/);
  });

  it("refuses a plain-http issuer except on localhost", () => {
    expect(() => parseEnv({ ...oidc, OIDC_ISSUER: "http://login.example.com" })).toThrow(/OIDC_ISSUER must be https/);
    expect(parseEnv({ ...oidc, OIDC_ISSUER: "http://localhost:3301" }).oidc?.issuer).toBe("http://localhost:3301");
    expect(() => parseEnv({ ...oidc, OIDC_ISSUER: "not a url" })).toThrow(/OIDC_ISSUER/);
  });

  it("switches password sign-in off only when single sign-on is configured", () => {
    expect(parseEnv({ ...oidc, PASSWORD_SIGN_IN: "false" }).passwordSignIn).toBe(false);
    expect(() => parseEnv({ PASSWORD_SIGN_IN: "false" })).toThrow(/PASSWORD_SIGN_IN can only be false when single sign-on is configured/);
    expect(() => parseEnv({ ...oidc, PASSWORD_SIGN_IN: "no" })).toThrow(/PASSWORD_SIGN_IN must be true or false/);
  });
});
