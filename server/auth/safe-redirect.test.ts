import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const baseUrl = "http://localhost:3000";

describe("safeRedirect", () => {
  it("keeps a path or a URL of this site", () => {
    expect(safeRedirect({ url: "/finance?x=1", baseUrl })).toBe("http://localhost:3000/finance?x=1");
    expect(safeRedirect({ url: "http://localhost:3000/audit", baseUrl })).toBe("http://localhost:3000/audit");
  });

  it("sends anything else home, and never throws", () => {
    for (const url of ["a\u0000b", "https://evil.example/", "//evil.example/x", "/\\evil.example", "%C0%AE", "javascript:alert(1)", "x".repeat(10_000), "\ud800"]) {
      expect(safeRedirect({ url, baseUrl }), url.slice(0, 20)).toBe(baseUrl);
    }
  });
});
