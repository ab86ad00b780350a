import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type Range = [Address, number];

/**
 * Whether the IPv4 part of an address (all of it, or the tail of an IPv6 one) is four decimal
 * numbers. The library also reads the old inet_aton forms, in which "010" is octal 8, "0x0a" is 10
 * and "10.1" is 10.0.0.1: "192.168.001.010" would be kept as 192.168.1.8 and "010.0.0.0/8" as the
 * public 8.0.0.0/8, while the person meant, and the form showed, something else. Refused instead.
 */
function ipv4PartIsDecimal(address: string): boolean {
  if (!address.includes(".")) return true;
  const tail = address.slice(address.lastIndexOf(":") + 1);
  return ipaddr.IPv4.isValidFourPartDecimal(tail);
}

/**
 * One allowlist entry: a CIDR range, or a single address (taken as /32 or /128). An IPv4-mapped IPv6
 * range (::ffff:10.0.0.0/104) is kept as the IPv4 range it names, so either spelling of an address
 * matches either spelling of a range. null when the entry is not one of these, or when its IPv4
 * part is not four decimal numbers (see ipv4PartIsDecimal).
 */
export function parseRange(entry: string): Range | null {
  const text = entry.trim();
  if (!ipv4PartIsDecimal(text.split("/")[0] ?? "")) return null;
  try {
    if (ipaddr.isValidCIDR(text)) {
      const [address, bits] = ipaddr.parseCIDR(text);
      if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
        return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
      return [address, bits];
    }
    if (ipaddr.isValid(text) && !text.includes("%")) {
      const address = ipaddr.process(text);
      return [address, address.kind() === "ipv4" ? 32 : 128];
    }
  } catch {
    return null;
  }
  return null;
}

/** The entry in its canonical spelling ("10.0.0.0/8", "2001:db8::/32"), or null when it is not a range. */
export function canonicalRange(entry: string): string | null {
  const range = parseRange(entry);
  if (!range) return null;
  const [address, bits] = range;
  const text = address.kind() === "ipv6" ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
  return `${text}/${bits}`;
}

/** The entries that are not ranges, in the order given (a form names the first). */
export function invalidRanges(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseRange(entry) === null);
}

/**
 * Whether the address is inside any of the ranges. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is
 * the IPv4 address it carries; an address that does not parse ("unknown") is inside none.
 */
export function addressInRanges(address: string, ranges: readonly string[]): boolean {
  if (!ipaddr.isValid(address) || address.includes("%") || !ipv4PartIsDecimal(address)) return false;
  const parsed = ipaddr.process(address);
  return ranges.some((entry) => {
    const range = parseRange(entry);
    return range !== null && range[0].kind() === parsed.kind() && parsed.match(range);
  });
}
