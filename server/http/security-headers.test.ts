import { beforeEach, describe, expect, it, vi } from "vitest";

const config = vi.hoisted(() => ({ environment: "sandbox" as "sandbox" | "production", isProductionBuild: true }));
vi.mock("@/server/env", async (original) => {
  const actual = await original<typeof import("@/server/env")>();
  return { ...actual, env: () => ({ ...actual.env(), ...config }) };
});

const { pageSecurity } = await import("./security-headers");

const page = () => new Request("http://localhost:3000/sign-in");

beforeEach(() => {
  config.environment = "sandbox";
  config.isProductionBuild = true;
});

describe("page security headers", () => {
  it("gives each response its own nonce, in the policy the browser gets and the one Next renders with", () => {
    const a = pageSecurity(page());
    const b = pageSecurity(page());
    expect(a.nonce).not.toBe(b.nonce);
    const response = a.apply(new Response("ok"));
    const policy = response.headers.get("Content-Security-Policy")!;
    expect(policy).toContain(`script-src 'self' 'nonce-${a.nonce}' 'strict-dynamic'`);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
    // Workers: only the head's blob (components/shell/warm-intl.ts), never one fetched from anywhere.
    expect(policy).toMatch(/(^|; )worker-src blob:(;|$)/);
    expect(policy).not.toContain("unsafe-eval");
    expect(a.requestHeaders.get("Content-Security-Policy")).toBe(policy);
    expect(a.requestHeaders.get("x-nonce")).toBe(a.nonce);
  });

  it("adds HSTS and COOP in production only", () => {
    const sandbox = pageSecurity(page()).apply(new Response("ok"));
    expect(sandbox.headers.get("Strict-Transport-Security")).toBeNull();
    expect(sandbox.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    config.environment = "production";
    const production = pageSecurity(page()).apply(new Response("ok"));
    expect(production.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect(production.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(production.headers.get("Content-Security-Policy")).toContain("upgrade-insecure-requests");
  });

  it("allows eval only under next dev, where React needs it", () => {
    config.isProductionBuild = false;
    expect(pageSecurity(page()).apply(new Response("ok")).headers.get("Content-Security-Policy")).toContain("'unsafe-eval'");
  });
});
