import { describe, expect, it } from "vitest";
import { authCookies, cookiePrefix, sessionCookieName } from "./session-cookie-name";

const all = (publicUrl: string | null) => Object.values(authCookies(publicUrl));

describe("auth cookies follow the public URL", () => {
  it("an https address: every cookie Secure, HttpOnly, Path=/, no Domain, and __Host- prefixed", () => {
    const cookies = authCookies("https://staging.backoffice.example.com");
    expect(Object.keys(cookies).sort()).toEqual(["callbackUrl", "csrfToken", "nonce", "pkceCodeVerifier", "sessionToken", "state"]);
    for (const cookie of Object.values(cookies)) {
      expect(cookie.name).toMatch(/^__Host-/);
      expect(cookie.options).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax", path: "/" });
      expect(cookie.options.domain).toBeUndefined();
    }
    expect(cookies.sessionToken.name).toBe("__Host-backoffice.session");
    expect(cookies.csrfToken.name).toBe("__Host-next-auth.csrf-token");
    expect(cookies.callbackUrl.name).toBe("__Host-next-auth.callback-url");
    expect(cookies.state.name).toBe("__Host-next-auth.state");
    expect(cookies.pkceCodeVerifier.name).toBe("__Host-next-auth.pkce.code_verifier");
    expect(cookies.nonce.name).toBe("__Host-next-auth.nonce");
  });

  it("reads the scheme as a URL does (upper case, a port, a path)", () => {
    expect(sessionCookieName("HTTPS://Backoffice.Example.com:8443/")).toBe("__Host-backoffice.session");
    expect(sessionCookieName("https://example.com/backoffice")).toBe("__Host-backoffice.session");
  });

  it("plain http (a developer's localhost, the e2e suites) or no public URL: no Secure flag, no prefix", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:3130", null]) {
      for (const cookie of all(url)) {
        expect(cookie.name).not.toMatch(/^__/);
        expect(cookie.options.secure).toBe(false);
      }
      expect(sessionCookieName(url)).toBe("backoffice.session");
    }
    expect(sessionCookieName("not a url")).toBe("backoffice.session");
  });

  it("keeps the sign-in round trip's cookies for 15 minutes, as next-auth does", () => {
    const cookies = authCookies("https://backoffice.example.com");
    expect(cookies.state.options.maxAge).toBe(900);
    expect(cookies.pkceCodeVerifier.options.maxAge).toBe(900);
    expect(cookies.sessionToken.options.maxAge).toBeUndefined();
  });
});

describe("the cookie prefix", () => {
  it("is __Host- only for a Secure cookie on Path=/ without Domain, __Secure- for other Secure ones", () => {
    expect(cookiePrefix({ secure: true, path: "/" })).toBe("__Host-");
    expect(cookiePrefix({ secure: true, path: "/api/auth" })).toBe("__Secure-");
    expect(cookiePrefix({ secure: true, path: "/", domain: "example.com" })).toBe("__Secure-");
    expect(cookiePrefix({ secure: false, path: "/" })).toBe("");
  });
});
