import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSigningKey } from "./checkpoint-key";

describe("the checkpoint signing key", () => {
  it("reads an Ed25519 private key and gives its public half for the auditor", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "audit-key-"));
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    await writeFile(path.join(dir, "k.pem"), privateKey.export({ type: "pkcs8", format: "pem" }));
    expect(loadSigningKey(path.join(dir, "k.pem")).publicKeyPem).toBe(publicKey.export({ type: "spki", format: "pem" }));
  });

  it("names the variable for a missing file, and for a key of another kind", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "audit-key-"));
    expect(() => loadSigningKey(path.join(dir, "absent.pem"))).toThrow(/AUDIT_SIGNING_KEY_FILE cannot be read: ENOENT/);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
    await writeFile(path.join(dir, "rsa.pem"), rsa.export({ type: "pkcs8", format: "pem" }));
    expect(() => loadSigningKey(path.join(dir, "rsa.pem"))).toThrow(/AUDIT_SIGNING_KEY_FILE is not an Ed25519 private key/);
  });
});
