import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The suite's audit checkpoint key and directory, under this checkout's `.data/`: the key pair is
 * made once (the app reads the private half, the verify command the public half); the checkpoints
 * go to a directory of their own per run, since each run starts a fresh database and another run's
 * checkpoints would (rightly) not match it.
 */
export const AUDIT_E2E_DIR = path.resolve(".data/e2e-audit");
export const AUDIT_PRIVATE_KEY = path.join(AUDIT_E2E_DIR, "signing.pem");
export const AUDIT_PUBLIC_KEY = path.join(AUDIT_E2E_DIR, "public.pem");
export const AUDIT_STREAM_TOKEN = "e2e-audit-stream-token-0123456789abcdef";

export function auditEvidenceEnv(port: string): Record<string, string> {
  mkdirSync(AUDIT_E2E_DIR, { recursive: true });
  if (!existsSync(AUDIT_PRIVATE_KEY) || !existsSync(AUDIT_PUBLIC_KEY)) {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    writeFileSync(AUDIT_PRIVATE_KEY, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    writeFileSync(AUDIT_PUBLIC_KEY, publicKey.export({ type: "spki", format: "pem" }));
  }
  return {
    AUDIT_SIGNING_KEY_FILE: AUDIT_PRIVATE_KEY,
    AUDIT_CHECKPOINT_DIR: checkpointDir(port),
    // Each minute, so a spec sees one written without waiting an hour.
    AUDIT_CHECKPOINT_MINUTES: "1",
    AUDIT_STREAM_TOKEN,
  };
}

/**
 * One directory per app port and run. The run's id is fixed by the first process that loads the
 * configuration and inherited by the workers it starts, so the app and the specs agree on it.
 */
export function checkpointDir(port: string): string {
  process.env.E2E_AUDIT_RUN ??= String(Date.now());
  return path.join(AUDIT_E2E_DIR, `checkpoints-${port}-${process.env.E2E_AUDIT_RUN}`);
}
