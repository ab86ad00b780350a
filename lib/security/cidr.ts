import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type Range = [Address, number];

/**
 * One allowlist entry: a CIDR range, or a single address (taken as /32 or /128). An IPv4-mapped IPv6
 * range (::ffff:10.0.0.0/104) is kept as the IPv4 range it names, so either spelling of an address
 * matches either spelling of a range. null when the entry is not one of these.
 */
export function parseRange(entry: string): Range | null {
  const text = entry.trim();
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
  if (!ipaddr.isValid(address) || address.includes("%")) return false;
  const parsed = ipaddr.process(address);
  return ranges.some((entry) => {
    const range = parseRange(entry);
    return range !== null && range[0].kind() === parsed.kind() && parsed.match(range);
  });
}
