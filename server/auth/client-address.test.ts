import { describe, expect, it, vi } from "vitest";

const config = vi.hoisted(() => ({ trustProxy: false }));
vi.mock("@/server/env", () => ({ env: () => config }));

const { clientAddress } = await import("./client-address");

describe("clientAddress", () => {
  it("without TRUST_PROXY: the single address Next put in X-Forwarded-For from the socket", () => {
    config.trustProxy = false;
    expect(clientAddress({ "x-forwarded-for": "::ffff:127.0.0.1" })).toBe("127.0.0.1");
    expect(clientAddress(new Headers({ "x-forwarded-for": "::1" }))).toBe("::1");
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9" })).toBe("203.0.113.9");
  });

  it("without TRUST_PROXY: a list (which only a client or an untrusted proxy writes) or garbage shares one 'unknown' budget", () => {
    config.trustProxy = false;
    expect(clientAddress({ "x-forwarded-for": "198.51.100.1, 127.0.0.1" })).toBe("unknown");
    expect(clientAddress({ "x-forwarded-for": "evil\nheader" })).toBe("unknown");
    expect(clientAddress({ "x-forwarded-for": "not-an-ip" })).toBe("unknown");
    expect(clientAddress({})).toBe("unknown");
    expect(clientAddress(undefined)).toBe("unknown");
  });

  it("with TRUST_PROXY: the right-most entry, the one the proxy in front added", () => {
    config.trustProxy = true;
    expect(clientAddress({ "x-forwarded-for": "198.51.100.1, 203.0.113.7" })).toBe("203.0.113.7");
    expect(clientAddress({ "x-forwarded-for": "forged, 2001:DB8::1" })).toBe("2001:db8::1");
    expect(clientAddress({ "x-forwarded-for": "198.51.100.1, garbage" })).toBe("unknown");
  });
});
