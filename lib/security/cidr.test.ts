import { describe, expect, it } from "vitest";
import { addressInRanges, canonicalRange, invalidRanges } from "./cidr";

describe("CIDR ranges of the address allowlist", () => {
  it("IPv4: inside and outside a range, the edges included", () => {
    expect(addressInRanges("10.255.255.255", ["10.0.0.0/8"])).toBe(true);
    expect(addressInRanges("11.0.0.0", ["10.0.0.0/8"])).toBe(false);
    expect(addressInRanges("192.168.1.7", ["192.168.1.7"])).toBe(true);
    expect(addressInRanges("192.168.1.8", ["192.168.1.7"])).toBe(false);
  });

  it("IPv6: inside and outside, any spelling of the address", () => {
    expect(addressInRanges("2001:db8::1", ["2001:db8::/32"])).toBe(true);
    expect(addressInRanges("2001:0DB8:0000::0001", ["2001:db8::/32"])).toBe(true);
    expect(addressInRanges("2001:db9::1", ["2001:db8::/32"])).toBe(false);
    expect(addressInRanges("::1", ["::1/128"])).toBe(true);
  });

  it("an IPv4-mapped IPv6 address is the IPv4 address it carries, whichever way the range is written", () => {
    expect(addressInRanges("::ffff:10.0.0.1", ["10.0.0.0/8"])).toBe(true);
    expect(addressInRanges("::ffff:a00:1", ["10.0.0.0/8"])).toBe(true);
    expect(addressInRanges("10.0.0.1", ["::ffff:10.0.0.0/104"])).toBe(true);
    expect(addressInRanges("::ffff:11.0.0.1", ["10.0.0.0/8"])).toBe(false);
    expect(canonicalRange("::ffff:10.0.0.0/104")).toBe("10.0.0.0/8");
  });

  it("an IPv4 address never matches an IPv6 range nor the reverse", () => {
    expect(addressInRanges("10.0.0.1", ["::/0"])).toBe(false);
    expect(addressInRanges("2001:db8::1", ["0.0.0.0/0"])).toBe(false);
  });

  it("malformed entries are named; a malformed or unknown address is inside nothing", () => {
    expect(invalidRanges(["10.0.0.0/8", "10.0.0.0/33", "300.1.1.1", "2001:db8::/129", "example.com", "10.0.0.0/8/8", ""])).toEqual([
      "10.0.0.0/33",
      "300.1.1.1",
      "2001:db8::/129",
      "example.com",
      "10.0.0.0/8/8",
      "",
    ]);
    expect(addressInRanges("unknown", ["0.0.0.0/0", "::/0"])).toBe(false);
    expect(addressInRanges("10.0.0.1/8", ["0.0.0.0/0"])).toBe(false);
  });

  it("canonical spelling: a single address becomes its /32 or /128", () => {
    expect(canonicalRange(" 203.0.113.9 ")).toBe("203.0.113.9/32");
    expect(canonicalRange("2001:DB8:0:0::1")).toBe("2001:db8::1/128");
    expect(canonicalRange("2001:db8::/32")).toBe("2001:db8::/32");
  });

  it("refuses IPv4 parts that are not four decimal numbers, rather than reading them as octal, hex or short forms", () => {
    // The library would keep these as 192.168.1.8/32, the public 8.0.0.0/8, 10.0.0.0/8 and 10.0.0.1/32.
    expect(invalidRanges(["192.168.001.010", "010.0.0.0/8", "0x0a.0.0.0/8", "10.1", "::ffff:010.0.0.1", "10.0.0.0/8"])).toEqual([
      "192.168.001.010",
      "010.0.0.0/8",
      "0x0a.0.0.0/8",
      "10.1",
      "::ffff:010.0.0.1",
    ]);
    expect(canonicalRange("010.0.0.0/8")).toBeNull();
    expect(addressInRanges("192.168.1.8", ["192.168.001.010"])).toBe(false);
    expect(addressInRanges("010.0.0.1", ["8.0.0.0/8", "10.0.0.0/8"])).toBe(false);
    expect(canonicalRange(" 192.168.1.10 ")).toBe("192.168.1.10/32");
    expect(canonicalRange("::ffff:10.0.0.0/104")).toBe("10.0.0.0/8");
  });
});
