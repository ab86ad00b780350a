import { describe, expect, it } from "vitest";
import { codeText, codeWords, countryName } from "./labels";

describe("codes as words", () => {
  it("reads upstream codes as sentence-case words with the code beside", () => {
    expect(codeWords("BANK_TRANSFER")).toBe("Bank transfer");
    expect(codeWords("LIMITED_LIABILITY_COMPANY")).toBe("Limited liability company");
    expect(codeText("BANK_TRANSFER")).toBe("Bank transfer (BANK_TRANSFER)");
    expect(codeText("NG", "country")).toBe("Nigeria (NG)");
    expect(codeText(null)).toBe("");
  });
  it("shows a one-word code as the word, not as the upper-case code", () => {
    expect(codeText("SUCCESS")).toBe("Success");
    expect(codeText("credit")).toBe("Credit");
  });
  it("names real regions only, and falls back to the words for an unknown code", () => {
    expect(countryName("gh")).toBe("Ghana");
    expect(countryName("ZZZ")).toBeNull();
    expect(codeText("XX", "country")).toBe("XX");
  });
});
