import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSignature, webhookAuthHeaders, webhookHeaderNameProblem } from "@/lib/contracts/webhooks";
import { isAuthenticDelivery, verifySignature } from "./authentication";

const secret = "unit-test-webhook-secret";
const body = '{"event_id":"evt_1","customer_id":"cus_approved","status":"APPROVED"}';
const nodeSignature = (key: string, text: string) => `sha256=${createHmac("sha256", key).update(text).digest("hex")}`;

describe("webhook hmac signature", () => {
  it("is the same whether the simulator's Web Crypto signs or Node's HMAC, and the receiver accepts it", async () => {
    const signed = await hmacSignature(secret, body);
    expect(signed).toBe(nodeSignature(secret, body));
    expect(verifySignature(secret, body, signed)).toBe(true);
  });

  it("refuses a missing, malformed, wrong-key or altered-body signature", async () => {
    const signed = await hmacSignature(secret, body);
    expect(verifySignature(secret, body, null)).toBe(false);
    expect(verifySignature(secret, body, "sha256=zz")).toBe(false);
    expect(verifySignature(secret, body, await hmacSignature("another-secret-value", body))).toBe(false);
    expect(verifySignature(secret, body + " ", signed)).toBe(false);
    expect(verifySignature(secret, body, signed.replace("sha256=", "sha1="))).toBe(false);
  });
});

describe("webhook shared secret", () => {
  const auth = { mode: "shared-secret", secret, header: "X-Webhook-Secret" } as const;

  it("accepts the secret in the configured header, whatever its case, and nothing else", async () => {
    expect(await webhookAuthHeaders(auth, body)).toEqual({ "X-Webhook-Secret": secret });
    expect(isAuthenticDelivery(auth, body, new Headers({ "x-webhook-secret": secret }))).toBe(true);
    expect(isAuthenticDelivery(auth, "{}", new Headers({ "X-Webhook-Secret": secret }))).toBe(true);
    expect(isAuthenticDelivery(auth, body, new Headers())).toBe(false);
    expect(isAuthenticDelivery(auth, body, new Headers({ "X-Webhook-Secret": secret.slice(0, -1) }))).toBe(false);
    expect(isAuthenticDelivery(auth, body, new Headers({ "X-Webhook-Secret": `${secret}x` }))).toBe(false);
    expect(isAuthenticDelivery(auth, body, new Headers({ "X-Other-Secret": secret }))).toBe(false);
    // The hmac signature of the body is not the secret.
    expect(isAuthenticDelivery(auth, body, new Headers({ "X-Webhook-Secret": nodeSignature(secret, body) }))).toBe(false);
  });

  it("takes a dedicated header name and refuses one a proxy sets or strips", () => {
    expect(webhookHeaderNameProblem("X-Webhook-Secret")).toBeNull();
    expect(webhookHeaderNameProblem("verif-hash")).toBeNull();
    for (const bad of ["X Webhook", "X-Secret:", "", "X-Sécret"]) expect(webhookHeaderNameProblem(bad)).toMatch(/HTTP header name/);
    for (const reserved of [
      "Authorization",
      "proxy-authorization",
      "Cookie",
      "Host",
      "Content-Length",
      "X-Forwarded-For",
      "Connection",
      "X-Webhook-Signature",
    ]) {
      expect(webhookHeaderNameProblem(reserved)).toMatch(/must not be/);
    }
  });
});
