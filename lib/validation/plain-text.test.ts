import { describe, expect, it } from "vitest";
import { hasUnsafeCharacters, withoutUnsafeCharacters } from "./plain-text";
import { freeText, plainText } from "./text-schemas";

describe("plainText", () => {
  const purpose = plainText("purpose", { min: 3, max: 20 });

  it("accepts ordinary text, accents and emoji (paired surrogates), trimmed", () => {
    expect(purpose.parse("  Case 42 — Zoë 👍 ")).toBe("Case 42 — Zoë 👍");
  });

  it("accepts right-to-left text and joined emoji, which need no direction control", () => {
    expect(purpose.parse("مراجعة الحالة")).toBe("مراجعة الحالة");
    expect(purpose.parse("Team 👩\u200d💻")).toBe("Team 👩\u200d💻");
  });

  it.each([
    ["NUL", "case\u0000x"],
    ["newline", "case\nx"],
    ["tab", "case\tx"],
    ["DEL", "case\u007fx"],
    ["C1 control", "case\u0085x"],
    ["lone high surrogate", "case\ud800x"],
    ["lone low surrogate", "case\udc00x"],
    ["high surrogate at the end", "case\ud83d"],
    ["right-to-left override", "Ada\u202Egnp.exe"],
    ["left-to-right isolate", "case\u2066x\u2069"],
    ["right-to-left mark", "case\u200fx"],
    ["Arabic letter mark", "case\u061cx"],
  ])("refuses a %s with a message naming the field", (_name, value) => {
    const result = purpose.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/purpose contains characters that are not allowed/);
    expect(hasUnsafeCharacters(value)).toBe(true);
  });

  it("names the field for missing, short and long values", () => {
    expect(purpose.safeParse(undefined).error?.issues[0]?.message).toBe("Enter the purpose.");
    expect(purpose.safeParse(" ab ").error?.issues[0]?.message).toBe("The purpose needs at least 3 characters.");
    expect(purpose.safeParse("x".repeat(21)).error?.issues[0]?.message).toBe("The purpose is at most 20 characters.");
  });
});

describe("withoutUnsafeCharacters", () => {
  it("makes each run of control characters or lone surrogates one space, and keeps the rest", () => {
    expect(withoutUnsafeCharacters("UBER\t\r\n*TRIP")).toBe("UBER *TRIP");
    expect(withoutUnsafeCharacters("a\u0000b\ud800c\udc00")).toBe("a b c ");
    expect(withoutUnsafeCharacters("Zoë 👍 — café")).toBe("Zoë 👍 — café");
    expect(hasUnsafeCharacters(withoutUnsafeCharacters("x\u0085\u001f\ud83dy"))).toBe(false);
  });
});

describe("freeText", () => {
  const purpose = freeText("purpose", { min: 3, max: 200 });
  const messageOf = (value: string) => {
    const result = purpose.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it.each([
    ["ASCII", "case for 22212345678"],
    ["full-width", "case for ２２２１２３４５６７８"],
    ["Arabic-Indic", "case for ٢٢٢١٢٣٤٥٦٧٨"],
    ["Devanagari", "case for २२२१२३४५६७८"],
  ])("refuses a BVN in %s digits, naming the field", (_name, value) => {
    expect(messageOf(value)).toMatch(/^The purpose must not contain a BVN/);
  });

  it("refuses a card number with spaces or dashes, naming the field", () => {
    expect(messageOf("refund to 4111 1111 1111 1111")).toMatch(/^The purpose must not contain a card number/);
    expect(messageOf("refund to 4111-1111-1111-1111")).toMatch(/^The purpose must not contain a card number/);
  });

  it("refuses a card number whose groups mix separators, as the server masks it when showing it", () => {
    expect(messageOf("refund to 4111.1111-1111/1111")).toMatch(/^The purpose must not contain a card number/);
    expect(messageOf("refund to 4111111.111111111")).toMatch(/^The purpose must not contain a card number/);
  });

  it("refuses a 13-digit card number right after a plus, and one grouped in threes with mixed separators", () => {
    for (const value of ["ref +4222222222222", "ref ＋４２２２２２２２２２２２２", "refund to 4111 111.111 111 111"]) {
      expect(messageOf(value), value).toMatch(/^The purpose must not contain a card number/);
    }
  });

  it("accepts case references, amounts, dates and a 16-digit number failing Luhn", () => {
    for (const value of [
      "Case 42 — KYC review",
      "CASE-2026-1126-004, NGN 1,250,000",
      "order 4111111111111112",
      "ticket txn_usd_0003",
      "call +234 803 123 4504",
      "period 2026-11-01 – 2026-11-30, invoice 2026/000123458",
    ]) {
      expect(purpose.parse(value)).toBe(value);
    }
  });
});
