import { createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { noteKeyId, signNote } from "./signed-note";

// The published signed-note example key and note (Go's golang.org/x/mod/sumdb/note): any verifier
// of that format reads our checkpoints if we produce its bytes exactly.
const vkeyBlob = Buffer.from("ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW", "base64");
const seed = Buffer.from("AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz", "base64").subarray(1);
const x = vkeyBlob.subarray(1).toString("base64url");
const privateKey = createPrivateKey({ key: { kty: "OKP", crv: "Ed25519", d: seed.toString("base64url"), x }, format: "jwk" });

describe("signed note", () => {
  it("derives the key ID of the published example key", () => {
    expect(noteKeyId("PeterNeumann", createPublicKey(privateKey)).toString("hex")).toBe("c74f20a3");
  });

  it("signs the published example note to the same bytes", () => {
    const text = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
    expect(signNote(text, "PeterNeumann", privateKey)).toBe(
      `${text}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`,
    );
  });
});
