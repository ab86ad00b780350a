import "server-only";
import { readFileSync } from "node:fs";
import { createPublicKey, type KeyObject } from "node:crypto";
import { ed25519PrivateKey } from "./signed-note";

/** Reads the signing key (PEM, PKCS#8 Ed25519) once; a missing or wrong key stops whoever asked, naming the variable. */
export function loadSigningKey(file: string): { privateKey: KeyObject; publicKeyPem: string } {
  let pem: string;
  try {
    pem = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`AUDIT_SIGNING_KEY_FILE cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    const privateKey = ed25519PrivateKey(pem);
    return { privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString() };
  } catch (error) {
    throw new Error(
      `AUDIT_SIGNING_KEY_FILE is not an Ed25519 private key in PEM: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
