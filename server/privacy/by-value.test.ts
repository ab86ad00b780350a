import { describe, expect, it } from "vitest";
import { maskSensitiveDeep, maskSensitiveText } from "./by-value";

describe("masking by value", () => {
  it("masks a card number with spaces or dashes to its last four digits, and the CVV beside it", () => {
    const out = maskSensitiveText("Card 4111 1111 1111 1111 (cvv 123) was declined");
    expect(out).toBe("Card •••••••1111 (cvv •••) was declined");
    expect(maskSensitiveText("4111-1111-1111-1111")).toBe("•••••••1111");
  });

  it("masks a BVN written in full-width, Arabic-Indic or Devanagari digits", () => {
    for (const bvn of ["２２２１２３４５６７８", "٢٢٢١٢٣٤٥٦٧٨", "२२२१२३४५६७८"]) {
      expect(maskSensitiveText(`ref ${bvn}`)).toBe("ref •••••••5678");
    }
  });

  it("leaves a non-Luhn 16-digit number, amounts, dates, ids and E.164 phones as they are", () => {
    for (const text of [
      "4111111111111112",
      "1,250,000.00",
      "2026-11-26T09:06:04.000Z",
      "txn_usd_0003",
      "+2348031234567",
      "HPT-COL-20261028-0001",
    ]) {
      expect(maskSensitiveText(text)).toBe(text);
    }
  });

  it("masks under any key and at any depth, keys included, and keeps numbers and unchanged objects", () => {
    const clean = { id: "txn_usd_0003", amount: 1250.5 };
    const value = { reference: "22212345678", nested: [{ description: "POS 4111111111111111" }], clean, "22212345678": true };
    const out = maskSensitiveDeep(value);
    expect(out).toEqual({ reference: "•••••••5678", nested: [{ description: "POS •••••••1111" }], clean, "•••••••5678": true });
    expect(out.clean).toBe(clean);
    expect(JSON.stringify(out)).not.toMatch(/22212345678|4111111111111111/);
  });
});
