import { describe, expect, it } from "vitest";
import { signBody, verifySignature } from "./signature";

const secret = "unit-test-webhook-secret";
const body = '{"event_id":"evt_1","customer_id":"cus_approved","status":"APPROVED"}';

describe("webhook signature", () => {
  it("accepts the signature of the exact body", () => {
    expect(verifySignature(secret, body, signBody(secret, body))).toBe(true);
  });
  it("refuses a missing, malformed, wrong-key or altered-body signature", () => {
    expect(verifySignature(secret, body, null)).toBe(false);
    expect(verifySignature(secret, body, "sha256=zz")).toBe(false);
    expect(verifySignature(secret, body, signBody("another-secret-value", body))).toBe(false);
    expect(verifySignature(secret, body + " ", signBody(secret, body))).toBe(false);
    expect(verifySignature(secret, body, signBody(secret, body).replace("sha256=", "sha1="))).toBe(false);
  });
});
