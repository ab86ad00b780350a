import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./secret";

// TOTP secrets are encrypted at rest (AES-256-GCM, Node's OpenSSL) so a copy of the database alone
// cannot mint codes. The key is derived from the auth secret: rotating it disables every enrolment.
const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), Buffer.alloc(0), "backoffice totp secret v1", 32));
}

export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), sealed.toString("base64")].join(".");
}

/** The secret, or null when the box was sealed under another auth secret or tampered with. */
export function openTotpSecret(box: string): string | null {
  const [version, iv, tag, sealed] = box.split(".");
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
