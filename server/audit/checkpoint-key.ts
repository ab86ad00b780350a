import "server-only";
import { readFileSync } from "node:fs";
import { createPublicKey, type KeyObject } from "node:crypto";
import { EnvError } from "@/server/env";
import { ed25519PrivateKey } from "./signed-note";

/**
 * Reads the signing key (PEM, PKCS#8 Ed25519) once. A missing or wrong key is a bad configuration
 * (EnvError, naming the variable): it stops the start, or the command, as any other would.
 */
export function loadSigningKey(file: string): { privateKey: KeyObject; publicKeyPem: string } {
  let pem: string;
  try {
    pem = readFileSync(file, "utf8");
  } catch (error) {
    throw new EnvError(`AUDIT_SIGNING_KEY_FILE cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    const privateKey = ed25519PrivateKey(pem);
    return { privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString() };
  } catch (error) {
    throw new EnvError(
      `AUDIT_SIGNING_KEY_FILE is not an Ed25519 private key in PEM: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
