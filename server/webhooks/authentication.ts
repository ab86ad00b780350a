import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { SIGNATURE_HEADER, SIGNATURE_PREFIX, type WebhookAuth } from "@/lib/contracts/webhooks";

/**
 * Whether a delivery proves it comes from the provider, by the configured scheme. Both compare in
 * constant time; a missing, malformed or wrong credential is simply false (the caller answers 401).
 */
export function isAuthenticDelivery(auth: WebhookAuth, rawBody: string, headers: Headers): boolean {
  if (auth.mode === "shared-secret") return sameSecret(auth.secret, headers.get(auth.header));
  return verifySignature(auth.secret, rawBody, headers.get(SIGNATURE_HEADER));
}

/** The header the receiver names in its 401 (the name only; the value is never logged or echoed). */
export function credentialHeader(auth: WebhookAuth): string {
  return auth.mode === "shared-secret" ? auth.header : SIGNATURE_HEADER;
}

export function verifySignature(secret: string, rawBody: string, header: string | null): boolean {
  if (!header || !header.startsWith(SIGNATURE_PREFIX)) return false;
  const given = header.slice(SIGNATURE_PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), "hex"));
}

/** Digests first, so that neither the comparison's time nor an early length check reveals the secret's length. */
function sameSecret(secret: string, given: string | null): boolean {
  if (given === null) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(secret), digest(given));
}
