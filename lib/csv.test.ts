import { describe, expect, it } from "vitest";
import { neutraliseFormula, toCsv } from "./csv";

describe("neutraliseFormula", () => {
  it("prefixes cells a spreadsheet would run as formulas", () => {
    for (const v of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\t=x", "\r=x"]) expect(neutraliseFormula(v)).toBe(`'${v}`);
  });
  it("leaves plain numbers and text alone", () => {
    expect(neutraliseFormula("-12.50")).toBe("-12.50");
    expect(neutraliseFormula("Coffee")).toBe("Coffee");
  });
});

describe("toCsv", () => {
  it("quotes commas and quotes and neutralises every cell", () => {
    expect(toCsv(["a", "b"], [["x, y", '=HYPERLINK("e")']])).toBe('a,b\r\n"x, y","\'=HYPERLINK(""e"")"');
  });
});
