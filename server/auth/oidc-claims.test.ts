import { describe, expect, it } from "vitest";
import { isEmailVerified, mergeOidcClaims, needsUserinfo, UserinfoSubjectMismatch } from "./oidc-claims";

describe("email_verified", () => {
  it('accepts the boolean true and the string "true"', () => {
    expect(isEmailVerified(true)).toBe(true);
    expect(isEmailVerified("true")).toBe(true);
  });

  it('refuses everything else: missing, false, "false", "yes", 1, "TRUE", " true"', () => {
    for (const value of [undefined, null, false, "false", "yes", 1, "1", "TRUE", " true", {}, ["true"]]) {
      expect(isEmailVerified(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe("claims from the ID token, completed from UserInfo (OIDC Core §5.4, §5.3)", () => {
  const idOnlySub = { iss: "https://idp.example.com", sub: "u-1", aud: "backoffice" };

  it("asks UserInfo only when the ID token lacks the email or its verification", () => {
    expect(needsUserinfo({ ...idOnlySub, email: "a@example.com", email_verified: true })).toBe(false);
    expect(needsUserinfo({ ...idOnlySub, email: "a@example.com", email_verified: false })).toBe(false);
    expect(needsUserinfo(idOnlySub)).toBe(true);
    expect(needsUserinfo({ ...idOnlySub, email: "a@example.com" })).toBe(true);
    expect(needsUserinfo({ ...idOnlySub, email_verified: true })).toBe(true);
  });

  it("keeps the ID token's claims when it has them all", () => {
    const claims = { ...idOnlySub, email: "a@example.com", email_verified: true, name: "A" };
    expect(mergeOidcClaims(claims, null)).toMatchObject({ sub: "u-1", email: "a@example.com", email_verified: true, name: "A" });
  });

  it("takes the email and its verification from UserInfo when the ID token carries only sub (the provider's default)", () => {
    const merged = mergeOidcClaims(idOnlySub, { sub: "u-1", email: "a@example.com", email_verified: true, name: "A" });
    expect(merged).toMatchObject({ sub: "u-1", email: "a@example.com", email_verified: true, name: "A" });
    expect(mergeOidcClaims(idOnlySub, { sub: "u-1", email: "a@example.com", email_verified: "true" }).email_verified).toBe("true");
    expect(mergeOidcClaims(idOnlySub, { sub: "u-1", email: "a@example.com", email_verified: false }).email_verified).toBe(false);
  });

  it("the ID token wins where both say something", () => {
    const merged = mergeOidcClaims(
      { ...idOnlySub, email: "a@example.com", email_verified: false },
      { sub: "u-1", email: "a@example.com", email_verified: true },
    );
    expect(merged).toMatchObject({ email: "a@example.com", email_verified: false });
  });

  it("borrows UserInfo's verification only for the same address", () => {
    expect(
      mergeOidcClaims({ ...idOnlySub, email: "a@example.com" }, { sub: "u-1", email: "a@example.com", email_verified: true })
        .email_verified,
    ).toBe(true);
    expect(
      mergeOidcClaims({ ...idOnlySub, email: "a@example.com" }, { sub: "u-1", email: "b@example.com", email_verified: true }),
    ).toMatchObject({
      email: "a@example.com",
      email_verified: undefined,
    });
  });

  it("refuses a UserInfo answer about another subject, and an ID token without one", () => {
    expect(() => mergeOidcClaims(idOnlySub, { sub: "u-2", email: "a@example.com", email_verified: true })).toThrow(UserinfoSubjectMismatch);
    expect(() => mergeOidcClaims(idOnlySub, { email: "a@example.com", email_verified: true })).toThrow(UserinfoSubjectMismatch);
    expect(() => mergeOidcClaims({ email: "a@example.com" }, null)).toThrow(/sub/);
  });
});
