import { describe, expect, it } from "vitest";
import { decodedOrNull } from "./url-decode";

describe("decodedOrNull", () => {
  it("decodes a well-formed part", () => {
    expect(decodedOrNull("txn_usd_0001")).toBe("txn_usd_0001");
    expect(decodedOrNull("a%20b%E2%82%A6")).toBe("a b₦");
    expect(decodedOrNull("%00")).toBe("\u0000");
  });
  it("is null for escapes that do not decode, where decodeURIComponent throws", () => {
    expect(decodedOrNull("%ED%A0%80")).toBeNull(); // a lone surrogate's bytes
    expect(decodedOrNull("%E2%8")).toBeNull();
    expect(decodedOrNull("100%")).toBeNull();
  });
});
