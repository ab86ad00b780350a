import { describe, expect, it } from "vitest";
import { redactDetail } from "@/server/audit/redact";
import { storedPayload } from "@/server/webhooks/delivery-log";
import { LOGGED, redactDeep } from "./redact";
import { isSecretKey } from "./sensitive-keys";

// What a sender or a colleague might send: secrets under every spelling, a card with its CVV.
const incoming = {
  card_number: "4111111111111111",
  cvv: "123",
  card: { cvc: "456", cvv2: "789", security_code: "0123" },
  api_key: "sk_live_abc",
  apiKey: "sk_live_def",
  "API-KEY": "sk_live_ghi",
  client_secret: "cs_123456",
  account: { profile: { settings: { newPassword: "n3w-hunter2", currentPassword: "old-hunter2", totp_secret: "JBSWY3DPEHPK3PXP" } } },
  reference: "ref-42",
};
const SECRETS = /"(123|456|789|0123)"|sk_live|cs_123456|hunter2|JBSWY3DPEHPK3PXP|4111111111111111/;

describe("sensitive keys, by name", () => {
  it("a stored webhook payload keeps no CVV and no secret under any spelling, at any depth", () => {
    const stored = storedPayload(incoming);
    expect(JSON.stringify(stored)).not.toMatch(SECRETS);
    expect(stored).toEqual({ card_number: "•••••••1111", card: {}, account: { profile: { settings: {} } }, reference: "ref-42" });
  });

  it("an audit detail drops the same, but keeps what only names a secret (whether a password was generated, a bill had a token)", () => {
    const detail = redactDetail({ ...incoming, generatedPassword: true, hadToken: false, token: "1234-5678-9012-3456" });
    expect(JSON.stringify(detail)).not.toMatch(SECRETS);
    expect(detail).toMatchObject({ generatedPassword: true, hadToken: false, token: "•••••••3456", reference: "ref-42" });
    expect(detail).not.toHaveProperty("cvv");
  });
});

describe("a card's security code or PIN, under any name", () => {
  it.each(["cvv_number", "cvvNumber", "cvvCode", "CVV2", "cardCVV", "card_cvc", "cscValue", "cvn2", "CVVCode", "cardcvv"])(
    "%s is a secret",
    (key) => expect(isSecretKey(key)).toBe(true),
  );

  it.each(["pin", "PIN", "pinBlock", "pin_block", "pinCode", "pin_code", "pinNumber", "cardPin", "card_pin", "card-pin"])(
    "%s is a secret",
    (key) => expect(isSecretKey(key)).toBe(true),
  );

  it.each([
    "pinned",
    "isPinned",
    "shipping",
    "shippingAddress",
    "spinner",
    "pinyin",
    "opinion",
    "specSchema",
    "topicScope",
    "cvName",
    "reference",
  ])("%s is not", (key) => expect(isSecretKey(key)).toBe(false));

  it("a stored webhook payload keeps none of them, and keeps the keys that only look alike", () => {
    const stored = storedPayload({
      card: { pan: "4111111111111111", cvv_number: "123", pin: "4321", cvvCode: "321", pinBlock: "0412AC5FFFFFFF3E" },
      pinned: true,
      shipping: "Lagos",
    });
    expect(JSON.stringify(stored)).not.toMatch(/"(123|4321|321)"|0412AC5F|4111111111111111/);
    expect(stored).toEqual({ card: { pan: "•••••••1111" }, pinned: true, shipping: "Lagos" });
  });

  it("a log line keeps the key with its value censored", () => {
    expect(redactDeep({ card: { cvv_number: "123", pin_code: "4321" } }, LOGGED)).toEqual({
      card: { cvv_number: "[redacted]", pin_code: "[redacted]" },
    });
  });
});
