import { describe, expect, it } from "vitest";
import { setAllowlist } from "./security";

const refusal = (ranges: string[]) => {
  const parsed = setAllowlist.body!.safeParse({ ranges });
  return parsed.success ? null : { field: parsed.error.issues[0]!.path.map(String).join("."), message: parsed.error.issues[0]!.message };
};

describe("the allowlist's entries", () => {
  it("are kept in their canonical spelling", () => {
    expect(setAllowlist.body!.parse({ ranges: [" 10.0.0.0/8", "2001:0DB8::/32"] })).toEqual({ ranges: ["10.0.0.0/8", "2001:db8::/32"] });
  });

  it("with a zero-padded or hex part are refused, saying how to write them", () => {
    for (const entry of ["010.0.0.0/8", "192.168.001.010", "0x0a.0.0.0/8", "::ffff:010.0.0.1"]) {
      expect(refusal(["10.0.0.0/8", entry])).toEqual({
        field: "ranges.1",
        message: `"${entry}": write each part of an IPv4 address as a plain decimal number, without leading zeros (10.0.0.0/8, not 010.0.0.0/8).`,
      });
    }
  });

  it("that are not ranges at all are refused as such", () => {
    expect(refusal(["10.0.0.0/33"])).toEqual({
      field: "ranges.0",
      message: '"10.0.0.0/33" is not an IPv4 or IPv6 range such as 203.0.113.0/24 or 2001:db8::/32.',
    });
  });
});
