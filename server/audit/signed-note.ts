import "server-only";
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

/**
 * Checkpoints in the C2SP `tlog-checkpoint` text inside a C2SP `signed-note`, so an auditor can
 * check them with any note verifier, not only ours:
 *
 *     <origin>\n<entry count>\n<base64 head hash>\n<extension lines>\n
 *     \n
 *     — <key name> base64(4-byte key ID || Ed25519 signature over the text above the blank line)\n
 *
 * The "root hash" is the head of our hash chain (the last entry's SHA-256), not a Merkle root:
 * a verifier re-walks the chain from the first entry, which the chain allows.
 */
export const CHECKPOINT_ORIGIN = "payments-back-office/audit-log";

const EM_DASH = "\u2014";
const ED25519_ALGORITHM_BYTE = 0x01;

export type Checkpoint = { origin: string; size: number; headHash: string; signedAt: Date };

/** The signed-note key ID: SHA-256(name || 0x0A || 0x01 || raw public key), first 4 bytes. */
export function noteKeyId(keyName: string, publicKey: KeyObject): Buffer {
  const raw = rawEd25519PublicKey(publicKey);
  return createHash("sha256")
    .update(Buffer.concat([Buffer.from(keyName, "utf8"), Buffer.from([0x0a, ED25519_ALGORITHM_BYTE]), raw]))
    .digest()
    .subarray(0, 4);
}

function rawEd25519PublicKey(publicKey: KeyObject): Buffer {
  if (publicKey.asymmetricKeyType !== "ed25519") throw new Error("the checkpoint key must be an Ed25519 key");
  const jwk = publicKey.export({ format: "jwk" });
  return Buffer.from(jwk.x!, "base64url");
}

/** The note text: the three checkpoint lines, then the signing time as an extension line. */
export function checkpointText(c: Checkpoint): string {
  if (!/^[0-9a-f]{64}$/.test(c.headHash)) throw new Error("the head hash must be 64 hex digits");
  return `${c.origin}\n${c.size}\n${Buffer.from(c.headHash, "hex").toString("base64")}\ntime ${c.signedAt.toISOString()}\n`;
}

export function signCheckpoint(c: Checkpoint, privateKey: KeyObject): string {
  return signNote(checkpointText(c), c.origin, privateKey);
}

/** A signed note: the text, a blank line, one Ed25519 signature line under `keyName`. */
export function signNote(text: string, keyName: string, privateKey: KeyObject): string {
  const signature = sign(null, Buffer.from(text, "utf8"), privateKey);
  const blob = Buffer.concat([noteKeyId(keyName, createPublicKey(privateKey)), signature]).toString("base64");
  return `${text}\n${EM_DASH} ${keyName} ${blob}\n`;
}

export type ParsedNote = { ok: true; checkpoint: Checkpoint } | { ok: false; problem: string };

/**
 * Parses a signed checkpoint and checks its signature by `publicKey` under the key name `origin`.
 * Any other signature lines (a witness's cosignature) are ignored, as the signed-note spec allows.
 */
export function openCheckpoint(note: string, publicKey: KeyObject, origin = CHECKPOINT_ORIGIN): ParsedNote {
  const split = note.indexOf("\n\n");
  if (split < 0 || !note.endsWith("\n")) return { ok: false, problem: "not a signed note (no blank line before the signatures)" };
  const text = note.slice(0, split + 1);
  const lines = text.slice(0, -1).split("\n");
  const [noteOrigin, sizeLine, hashLine, ...extensions] = lines;
  if (noteOrigin !== origin) return { ok: false, problem: `origin is "${noteOrigin ?? ""}", expected "${origin}"` };
  if (!sizeLine || !/^(0|[1-9][0-9]*)$/.test(sizeLine)) return { ok: false, problem: "the entry count is not a decimal number" };
  const head = Buffer.from(hashLine ?? "", "base64");
  if (head.length !== 32 || head.toString("base64") !== hashLine) return { ok: false, problem: "the head hash is not 32 bytes of base64" };
  const timeLine = extensions.find((l) => l.startsWith("time "));
  const signedAt = timeLine ? new Date(timeLine.slice(5)) : new Date(Number.NaN);
  if (Number.isNaN(signedAt.getTime())) return { ok: false, problem: "the time line is missing or malformed" };

  const wantedId = noteKeyId(origin, publicKey);
  const signatureLines = note.slice(split + 2, -1).split("\n");
  let sawOurs = false;
  for (const line of signatureLines) {
    const match = new RegExp(`^${EM_DASH} (\\S+) ([A-Za-z0-9+/=]+)$`).exec(line);
    if (!match) return { ok: false, problem: "a signature line is malformed" };
    const blob = Buffer.from(match[2]!, "base64");
    if (match[1] !== origin || blob.length < 5 || !blob.subarray(0, 4).equals(wantedId)) continue;
    sawOurs = true;
    if (!verify(null, Buffer.from(text, "utf8"), publicKey, blob.subarray(4)))
      return { ok: false, problem: "the signature does not verify with the given public key" };
    return { ok: true, checkpoint: { origin, size: Number(sizeLine), headHash: head.toString("hex"), signedAt } };
  }
  return { ok: false, problem: sawOurs ? "the signature does not verify" : "no signature by the given public key" };
}

/** Reads a PEM private key (PKCS#8) and insists it is Ed25519. */
export function ed25519PrivateKey(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "ed25519") throw new Error("the checkpoint signing key must be an Ed25519 private key");
  return key;
}

/** Reads a PEM public key (SPKI) and insists it is Ed25519. */
export function ed25519PublicKey(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== "ed25519") throw new Error("the public key must be an Ed25519 key");
  return key;
}
