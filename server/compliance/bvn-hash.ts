import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { authSecret } from "@/server/auth/secret";

let key: Buffer | undefined;

/**
 * A key of its own for BVN hashes, derived from AUTH_SECRET with HKDF so the session key is never
 * used directly for a second purpose. Keyed (not a plain SHA-256): with only 10^11 possible BVNs a
 * plain hash would be reversed by brute force in minutes.
 */
function hashKey(): Buffer {
  key ??= Buffer.from(hkdfSync("sha256", authSecret(), "backoffice.bvn", "bvn-lookup-hash-v1", 32));
  return key;
}

/** HMAC-SHA256 of the BVN: lets two lookups of one BVN be matched without storing the number. */
export function bvnHash(number: string): string {
  return createHmac("sha256", hashKey()).update(number, "utf8").digest("hex");
}

export function bvnLast4(number: string): string {
  return number.slice(-4);
}
