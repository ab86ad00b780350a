import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The verification webhook signature (our assumption; the spec shows no scheme): the header
 * `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body under WEBHOOK_SECRET>`.
 * Shared by the app (verifying) and the simulator (signing) so the two cannot drift apart.
 */
export const SIGNATURE_HEADER = "X-Webhook-Signature";
const PREFIX = "sha256=";

export function signBody(secret: string, rawBody: string): string {
  return PREFIX + createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

/** Constant-time comparison of the expected and the given signature; false for anything malformed. */
export function verifySignature(secret: string, rawBody: string, header: string | null): boolean {
  if (!header || !header.startsWith(PREFIX)) return false;
  const given = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signBody(secret, rawBody).slice(PREFIX.length), "hex");
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), "hex"));
}
