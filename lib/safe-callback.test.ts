import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./safe-callback";

// Every value a browser could be tricked into following off our origin, or that used to answer 500.
const hostile: Array<[string, unknown]> = [
  ["tab between slashes", "/\t/evil.example"],
  ["newline between slashes", "/\n/evil.example"],
  ["carriage return", "/\r/evil.example"],
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/sign-in"],
  ["backslash host", "/\\evil.example"],
  ["double backslash", "\\\\evil.example"],
  ["backslash later in the path", "/a\\..\\..\\/evil.example"],
  ["absolute https", "https://evil.example"],
  ["absolute http with our path", "http://evil.example/business"],
  ["javascript:", "javascript:alert(1)"],
  ["javascript: with a comment", "javascript://%0Aalert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["bare newline", "\n"],
  ["bare carriage return", "\r"],
  ["leading newline", "\n/business"],
  ["non-ASCII path", "/caf\u00e9"],
  ["non-ASCII look-alike slash", "/\u2215evil.example"],
  ["full-width solidus host", "/\uff0fevil.example"],
  ["NUL byte", "/business\u0000"],
  ["dot segment to //", "/.//evil.example"],
  ["encoded dot segment to //", "/%2e//evil.example"],
  ["userinfo trick", "//user:pass@evil.example"],
  ["very long value", `/${"a".repeat(10_000)}`],
  ["empty", ""],
  ["relative without slash", "business"],
  ["sign-in loop", "/sign-in?callbackUrl=%2F%2Fevil.example"],
  ["API path", "/api/auth/signout"],
  ["not a string", 42],
  ["undefined", undefined],
  ["space", "/ /evil.example"],
];

describe("safeCallbackUrl", () => {
  it.each(hostile)("sends %s to /", (_name, value) => {
    expect(safeCallbackUrl(value)).toBe("/");
  });

  it.each([
    ["/business", "/business"],
    ["/transactions/txn_usd_0001", "/transactions/txn_usd_0001"],
    ["/cards/card_busy_0001/transactions?sort=amount&dir=desc", "/cards/card_busy_0001/transactions?sort=amount&dir=desc"],
    ["/audit#top", "/audit#top"],
    ["/finance/../business", "/business"],
    ["/caf%C3%A9", "/caf%C3%A9"],
  ])("keeps our own path %s", (value, expected) => {
    expect(safeCallbackUrl(value)).toBe(expected);
  });

  it("takes the first of repeated query values", () => {
    expect(safeCallbackUrl(["/business", "//evil.example"])).toBe("/business");
    expect(safeCallbackUrl(["//evil.example", "/business"])).toBe("/");
  });

  it("never answers anything a browser would resolve to another origin", () => {
    for (const [, value] of hostile) {
      const result = safeCallbackUrl(value);
      expect(new URL(result, "https://backoffice.example").origin).toBe("https://backoffice.example");
    }
  });
});
