import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The suite's audit checkpoint key and directory, under this checkout's `.data/`: the key pair is
 * made once (the app reads the private half, the verify command the public half); the checkpoints
 * go to a directory of their own per run, since each run starts a fresh database and another run's
 * checkpoints would (rightly) not match it.
 */
export const AUDIT_E2E_DIR = path.resolve(".data/e2e-audit");
export const AUDIT_STREAM_TOKEN = "e2e-audit-stream-token-0123456789abcdef";

/**
 * The key pair of the app on one port: suites side by side (npm test's halves) each make their own,
 * and a pair is written whole (each half to a temporary name, then renamed, the public half last), so
 * a run that starts beside another, or after one that was killed, never signs with one key and
 * verifies with another's.
 */
export function auditKeys(port: string): { privateKey: string; publicKey: string } {
  const keys = { privateKey: path.join(AUDIT_E2E_DIR, `signing-${port}.pem`), publicKey: path.join(AUDIT_E2E_DIR, `public-${port}.pem`) };
  mkdirSync(AUDIT_E2E_DIR, { recursive: true });
  if (existsSync(keys.privateKey) && existsSync(keys.publicKey)) return keys;
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const suffix = `.${process.pid}.tmp`;
  writeFileSync(keys.privateKey + suffix, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  writeFileSync(keys.publicKey + suffix, publicKey.export({ type: "spki", format: "pem" }));
  renameSync(keys.privateKey + suffix, keys.privateKey);
  renameSync(keys.publicKey + suffix, keys.publicKey);
  return keys;
}

export function auditEvidenceEnv(port: string): Record<string, string> {
  return {
    AUDIT_SIGNING_KEY_FILE: auditKeys(port).privateKey,
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
