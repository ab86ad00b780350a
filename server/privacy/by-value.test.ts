import { describe, expect, it } from "vitest";
import { findSensitiveSpans } from "@/lib/validation/sensitive-digits";
import { maskSensitiveDeep, maskSensitiveText, mayHoldSensitiveRun } from "./by-value";

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

  it("passes over ASCII text only when no sensitive span can be in it", () => {
    const logo = "data:image/svg+xml,%3Csvg%20viewBox%3D%220%200%2064%2064%22%3E%3Crect%20width%3D%2264%22%2F%3E";
    for (const text of [logo, "2026-11-26T09:06:04.000Z", "14 Admiralty Way, Lagos 106104", "1234-5678-90"]) {
      expect(mayHoldSensitiveRun(text)).toBe(false);
    }
    for (const text of ["22212345678", "4111 1111 1111 1111", "4111-1111-1111-1111", "ref 2221234\t5678", "x ٢٢٢"]) {
      expect(mayHoldSensitiveRun(text)).toBe(true);
    }
    // Whatever it passes over, the full check finds nothing in: random text of digits and the characters that join or split them.
    const alphabet = "0123456789012345678901234567890123456789  --\t\n_@+a.:%";
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let passedOver = 0;
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: 8 + Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      if (mayHoldSensitiveRun(text)) continue;
      passedOver++;
      expect(findSensitiveSpans(text), text).toEqual([]);
    }
    expect(passedOver).toBeGreaterThan(1000);
  });
});
