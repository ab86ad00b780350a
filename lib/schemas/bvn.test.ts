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

  it("accepts an ordinary case reference", () => {
    expect(fieldsOf({ number: "22212345678", purpose: "Case 2026-114: account opening" })).toEqual([]);
  });
});
