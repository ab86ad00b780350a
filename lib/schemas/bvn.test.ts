import { describe, expect, it } from "vitest";
import { bvnLookupRequestSchema } from "./bvn";

const fieldsOf = (body: unknown) => {
  const result = bvnLookupRequestSchema.safeParse(body);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join(".")))];
};

describe("the BVN lookup request", () => {
  it.each([
    ["full-width", "２２２１２３４５６７８"],
    ["Arabic-Indic", "٢٢٢١٢٣٤٥٦٧٨"],
    ["Devanagari", "२२२१२३४५६७८"],
  ])("refuses the looked-up BVN in the purpose in %s digits, naming purpose", (_name, digits) => {
    expect(fieldsOf({ number: "22212345678", purpose: `KYC for ${digits}` })).toEqual(["purpose"]);
  });

  it("refuses another BVN in the purpose, and the looked-up one split by letters", () => {
    expect(fieldsOf({ number: "22212345678", purpose: "also 22233344455" })).toEqual(["purpose"]);
    expect(fieldsOf({ number: "22212345678", purpose: "2221 and 2345678" })).toEqual(["purpose"]);
  });

  it.each([
    ["full-width", "２２２１２３４５６７８"],
    ["Arabic-Indic", "٢٢٢١٢٣٤٥٦٧٨"],
    ["Devanagari", "२२२१२३४५६७८"],
  ])("refuses a BVN typed in %s digits, saying which digits to use", (_name, digits) => {
    const result = bvnLookupRequestSchema.safeParse({ number: digits, purpose: "Case 2026-114" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["number", "Type the BVN with the digits 0–9: digits from other scripts are not accepted."],
    ]);
  });

  it.each([["2221234567"], ["222123456789"], ["2221234567x"], ["٢٢٢١٢٣٤٥٦٧"]])("says a BVN is 11 digits for %s", (number) => {
    const result = bvnLookupRequestSchema.safeParse({ number, purpose: "Case 2026-114" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["number", "A BVN is exactly 11 digits."]]);
  });

  it("accepts an ordinary case reference", () => {
    expect(fieldsOf({ number: "22212345678", purpose: "Case 2026-114: account opening" })).toEqual([]);
  });
});
