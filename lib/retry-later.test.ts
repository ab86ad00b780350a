import { describe, expect, it } from "vitest";
import { MAX_RETRY_WAIT_MS, retryAfterSeconds, retryAtOfHeader } from "./retry-later";

const NOW = Date.parse("2026-11-28T10:00:00Z");

describe("retryAtOfHeader", () => {
  it("reads whole seconds and an HTTP-date, as a proxy in front may send either", () => {
    expect(retryAtOfHeader("12", NOW)).toBe(NOW + 12_000);
    expect(retryAtOfHeader(" 30 ", NOW)).toBe(NOW + 30_000);
    expect(retryAtOfHeader("Sat, 28 Nov 2026 10:01:00 GMT", NOW)).toBe(NOW + 60_000);
  });

  it("waits at most five minutes, however far the header points: a timer past 2^31 ms would fire at once", () => {
    expect(retryAtOfHeader("2147484", NOW)).toBe(NOW + MAX_RETRY_WAIT_MS);
    expect(retryAtOfHeader("99999999999999999999999", NOW)).toBe(NOW + MAX_RETRY_WAIT_MS);
    expect(retryAtOfHeader("Fri, 31 Dec 9999 23:59:59 GMT", NOW)).toBe(NOW + MAX_RETRY_WAIT_MS);
  });

  it("waits at least a second, for zero and for a date already past", () => {
    expect(retryAtOfHeader("0", NOW)).toBe(NOW + 1000);
    expect(retryAtOfHeader("Thu, 01 Jan 1970 00:00:00 GMT", NOW)).toBe(NOW + 1000);
  });

  it("ignores anything else: no header, signs, fractions, hex, words and dates in other forms", () => {
    for (const value of [
      null,
      "",
      "-5",
      "+5",
      "1.5",
      "1e3",
      "0x10",
      "soon",
      "Infinity",
      "2026-11-28T10:01:00Z",
      "Sat, 28 Nov 2026 10:01:00 +0000",
    ])
      expect(retryAtOfHeader(value, NOW)).toBeUndefined();
  });

  it("gives back a header's value of at least one second", () => {
    expect(retryAfterSeconds(NOW + 1, NOW)).toBe(1);
    expect(retryAfterSeconds(NOW + 15_000, NOW)).toBe(15);
    expect(retryAfterSeconds(NOW - 5_000, NOW)).toBe(1);
  });
});
